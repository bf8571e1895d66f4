-- Export queue (issue 17 part 1, docs/exports.md): one row per CSV/XLSX export a user asked for.
-- The file itself is on disk under <DATA_DIR>/exports/ (arquivo = its name there), not in the database.
CREATE TABLE "fila_exportacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"empresa_id" integer,
	"origem" varchar(200) NOT NULL,
	"formato" varchar(4) NOT NULL,
	"filtros" jsonb NOT NULL,
	"requisitante" jsonb NOT NULL,
	"status" varchar(30) DEFAULT 'AGUARDANDO_PROCESSAMENTO' NOT NULL,
	"motivo" text,
	"linhas" integer DEFAULT 0 NOT NULL,
	"processado_por" varchar(100),
	"arquivo" varchar(300),
	"nome_arquivo" varchar(300),
	"tamanho_bytes" bigint,
	"arquivo_expirado_em" timestamp with time zone,
	"visualizado" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"alterado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone,
	CONSTRAINT "fila_exportacao_status_ck" CHECK ("status" IN ('AGUARDANDO_PROCESSAMENTO', 'PROCESSANDO', 'SUCESSO', 'ERRO')),
	CONSTRAINT "fila_exportacao_formato_ck" CHECK ("formato" IN ('CSV', 'XLSX'))
);
--> statement-breakpoint
ALTER TABLE "fila_exportacao" ADD CONSTRAINT "fila_exportacao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fila_exportacao" ADD CONSTRAINT "fila_exportacao_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "fila_exportacao_usuario_idx" ON "fila_exportacao" USING btree ("usuario_id","criado_em" DESC);
--> statement-breakpoint
CREATE INDEX "fila_exportacao_nao_visualizado_idx" ON "fila_exportacao" USING btree ("usuario_id") WHERE NOT "fila_exportacao"."visualizado" AND "fila_exportacao"."status" = 'SUCESSO';
--> statement-breakpoint
CREATE INDEX "fila_exportacao_criado_idx" ON "fila_exportacao" USING btree ("criado_em");
