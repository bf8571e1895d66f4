-- Product import previews (issue 8 part 4; docs/product-import.md): one row per uploaded file and
-- one per row of it, kept until the preview expires (clean-up LIMPEZA_IMPORTACAO_PRODUTO and every
-- new upload delete expired ones; rows go with their import by cascade).
CREATE TABLE "produto_importacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer,
	"nome_arquivo" varchar(300) NOT NULL,
	"formato" varchar(10) NOT NULL,
	"status" varchar(20) DEFAULT 'PREVIA' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"novas" integer DEFAULT 0 NOT NULL,
	"atualizacoes" integer DEFAULT 0 NOT NULL,
	"com_erro" integer DEFAULT 0 NOT NULL,
	"processados" integer DEFAULT 0 NOT NULL,
	"gravados" integer DEFAULT 0 NOT NULL,
	"rejeitados" integer DEFAULT 0 NOT NULL,
	"linhas_por_segundo" double precision DEFAULT 0 NOT NULL,
	"avisos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"colunas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mensagem" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"iniciado_em" timestamp with time zone,
	"concluido_em" timestamp with time zone,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "produto_importacao_expira_idx" ON "produto_importacao" USING btree ("expira_em");
--> statement-breakpoint
CREATE TABLE "produto_importacao_linha" (
	"importacao_id" integer NOT NULL REFERENCES "produto_importacao"("id") ON DELETE CASCADE,
	"linha" integer NOT NULL,
	"isbn13" varchar(13),
	"titulo" varchar(500),
	"acao" varchar(10),
	"erros" jsonb,
	"dados" jsonb,
	"original" jsonb NOT NULL,
	"resultado" varchar(10),
	CONSTRAINT "produto_importacao_linha_pk" PRIMARY KEY ("importacao_id", "linha")
);
--> statement-breakpoint
CREATE INDEX "produto_importacao_linha_erros_idx" ON "produto_importacao_linha" USING btree ("importacao_id", "linha") WHERE "erros" IS NOT NULL;
