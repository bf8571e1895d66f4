-- Issue 8 part 3: BISAC heading list and the matching tables (ERP code -> Acervo code), docs/catalogue-matching.md.
-- categoria_bisac: the BISAC Subject Headings the customer imports (BISG licenses the list; nothing is seeded).
CREATE TABLE "categoria_bisac" (
	"codigo" varchar(9) PRIMARY KEY NOT NULL,
	"secao" varchar(3) NOT NULL,
	"descricao" varchar(300) NOT NULL,
	"descricao_en" varchar(300),
	"data_alteracao" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categoria_bisac_codigo_ck" CHECK (codigo ~ '^[A-Z]{3}[0-9]{6}$' AND secao = substr(codigo, 1, 3))
);
--> statement-breakpoint
CREATE INDEX "categoria_bisac_busca_trgm" ON "categoria_bisac" USING gin (acervo_normalize(codigo || ' ' || descricao || ' ' || coalesce(descricao_en, '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "categoria_bisac_secao_idx" ON "categoria_bisac" USING btree ("secao","codigo");
--> statement-breakpoint
-- One saved match per company, kind and ERP code. EDITORA points at editora(id); the other kinds hold
-- Acervo's code (categoria_bisac.codigo, contribuicao/encadernacao/produto_situacao.codigo).
CREATE TABLE "correspondencia_produto" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"codigo_erp" varchar(50) NOT NULL,
	"codigo_acervo" varchar(20),
	"editora_id" integer,
	"ind_metabooks" boolean DEFAULT false NOT NULL,
	"ind_bookinfo" boolean DEFAULT false NOT NULL,
	"usuario_id" integer,
	"data_alteracao" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "correspondencia_produto_tipo_ck" CHECK (tipo IN ('CATEGORIA_BISAC', 'EDITORA', 'CONTRIBUICAO', 'ENCADERNACAO', 'SITUACAO')),
	CONSTRAINT "correspondencia_produto_alvo_ck" CHECK (CASE WHEN tipo = 'EDITORA' THEN editora_id IS NOT NULL AND codigo_acervo IS NULL ELSE editora_id IS NULL AND codigo_acervo IS NOT NULL END)
);
--> statement-breakpoint
ALTER TABLE "correspondencia_produto" ADD CONSTRAINT "correspondencia_produto_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "correspondencia_produto" ADD CONSTRAINT "correspondencia_produto_editora_id_editora_id_fk" FOREIGN KEY ("editora_id") REFERENCES "public"."editora"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "correspondencia_produto" ADD CONSTRAINT "correspondencia_produto_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "correspondencia_produto_uk" ON "correspondencia_produto" USING btree ("empresa_id","tipo","codigo_erp");
--> statement-breakpoint
CREATE INDEX "correspondencia_produto_editora_idx" ON "correspondencia_produto" USING btree ("editora_id");
