-- Issue 16 part 3: opportunities (lost sales and purchase suggestions) registered at the Terminal,
-- per company with user and time, and their reasons register `motivo_oportunidade` (the generic
-- register's shape), seeded here so every database starts with the five usual reasons
-- (docs/opportunities.md).
CREATE TABLE "motivo_oportunidade" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(150) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "motivo_oportunidade_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
INSERT INTO "motivo_oportunidade" ("nome") VALUES
  ('Sem estoque'),
  ('Título não cadastrado'),
  ('Preço'),
  ('Prazo de entrega'),
  ('Edição esgotada')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE "oportunidade" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"usuario_id" integer,
	"produto_id" integer,
	"ean" varchar(13),
	"issn" varchar(9),
	"descricao" varchar(300) NOT NULL,
	"quantidade" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"motivo_id" integer NOT NULL,
	"observacao" varchar(1000),
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oportunidade_tipo_ck" CHECK ("oportunidade"."tipo" IN ('VENDA_PERDIDA', 'SUGESTAO_COMPRA')),
	CONSTRAINT "oportunidade_quantidade_ck" CHECK ("oportunidade"."quantidade" BETWEEN 1 AND 9999)
);
--> statement-breakpoint
ALTER TABLE "oportunidade" ADD CONSTRAINT "oportunidade_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oportunidade" ADD CONSTRAINT "oportunidade_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oportunidade" ADD CONSTRAINT "oportunidade_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oportunidade" ADD CONSTRAINT "oportunidade_motivo_id_motivo_oportunidade_id_fk" FOREIGN KEY ("motivo_id") REFERENCES "public"."motivo_oportunidade"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oportunidade_empresa_data_idx" ON "oportunidade" USING btree ("empresa_id","data_cadastro" DESC);--> statement-breakpoint
CREATE INDEX "oportunidade_produto_data_idx" ON "oportunidade" USING btree ("produto_id","data_cadastro");--> statement-breakpoint
CREATE INDEX "oportunidade_ean_idx" ON "oportunidade" USING btree ("ean");
