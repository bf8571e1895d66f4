CREATE TABLE "acesso_api" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"senha_cifrada" text NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_alteracao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"data" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"nome_usuario" varchar(150),
	"empresa_id" integer,
	"entidade" varchar(50) NOT NULL,
	"id_registro" varchar(50) NOT NULL,
	"acao" varchar(20) NOT NULL,
	"alteracoes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"empresa_id" integer NOT NULL,
	"ano" smallint NOT NULL,
	"mes" smallint NOT NULL,
	"valor" bigint NOT NULL,
	"usuario_alteracao_id" integer,
	"data_alteracao" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_empresa_id_ano_mes_pk" PRIMARY KEY("empresa_id","ano","mes"),
	CONSTRAINT "meta_ano_ck" CHECK ("meta"."ano" BETWEEN 2000 AND 2100),
	CONSTRAINT "meta_mes_ck" CHECK ("meta"."mes" BETWEEN 1 AND 12),
	CONSTRAINT "meta_valor_ck" CHECK ("meta"."valor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agendamento_execucao" (
	"id" serial PRIMARY KEY NOT NULL,
	"agendamento_id" integer NOT NULL,
	"origem" varchar(10) NOT NULL,
	"status" varchar(12) NOT NULL,
	"agendado_para" timestamp with time zone NOT NULL,
	"inicio" timestamp with time zone,
	"fim" timestamp with time zone,
	"duracao_ms" integer,
	"mensagem" text,
	"solicitado_por" varchar(150)
);
--> statement-breakpoint
CREATE TABLE "agendamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(100) NOT NULL,
	"tipo" varchar(60) NOT NULL,
	"periodo" varchar(100) NOT NULL,
	"intervalo_repeticao" integer,
	"proxima_execucao" timestamp with time zone,
	"ativo" boolean DEFAULT true NOT NULL,
	"empresa_id" integer,
	"chave_sistema" varchar(60),
	"ultima_execucao" timestamp with time zone,
	"ultimo_resultado" varchar(10),
	"ultima_duracao_ms" integer,
	"ultima_mensagem" text,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_alteracao" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agendamento_chave_sistema_unique" UNIQUE("chave_sistema")
);
--> statement-breakpoint
ALTER TABLE "perfil" DROP CONSTRAINT "perfil_nome_unique";--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "codigo_vendedor_erp" varchar(50);--> statement-breakpoint
ALTER TABLE "acesso_api" ADD CONSTRAINT "acesso_api_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta" ADD CONSTRAINT "meta_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta" ADD CONSTRAINT "meta_usuario_alteracao_id_usuario_id_fk" FOREIGN KEY ("usuario_alteracao_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamento_execucao" ADD CONSTRAINT "agendamento_execucao_agendamento_id_agendamento_id_fk" FOREIGN KEY ("agendamento_id") REFERENCES "public"."agendamento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamento" ADD CONSTRAINT "agendamento_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acesso_api_empresa_email_uk" ON "acesso_api" USING btree ("empresa_id",lower("email"));--> statement-breakpoint
CREATE INDEX "auditoria_registro_idx" ON "auditoria" USING btree ("entidade","id_registro","data" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "agendamento_execucao_devida_uk" ON "agendamento_execucao" USING btree ("agendamento_id","origem","agendado_para");--> statement-breakpoint
CREATE INDEX "agendamento_execucao_agendamento_idx" ON "agendamento_execucao" USING btree ("agendamento_id","id");--> statement-breakpoint
CREATE INDEX "agendamento_proxima_idx" ON "agendamento" USING btree ("proxima_execucao");--> statement-breakpoint
CREATE INDEX "agendamento_empresa_idx" ON "agendamento" USING btree ("empresa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "perfil_nome_uk" ON "perfil" USING btree (lower("nome"));