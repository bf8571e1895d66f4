CREATE TABLE "status_integracao_entidade" (
	"empresa_id" integer NOT NULL,
	"entidade" varchar(30) NOT NULL,
	"cursor" varchar(500),
	"sincronizar_desde" timestamp with time zone,
	"ultima_sincronizacao" timestamp with time zone,
	"ultima_tentativa" timestamp with time zone,
	"ultimo_erro" text,
	"registros" bigint DEFAULT 0 NOT NULL,
	"data_alteracao" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_integracao_entidade_empresa_id_entidade_pk" PRIMARY KEY("empresa_id","entidade")
);
--> statement-breakpoint
CREATE TABLE "log_integracao" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"data" timestamp with time zone DEFAULT now() NOT NULL,
	"tipo" varchar(30) NOT NULL,
	"operacao" varchar(30) NOT NULL,
	"entidade" varchar(30),
	"empresa_id" integer,
	"status" varchar(10) NOT NULL,
	"metodo" varchar(10) NOT NULL,
	"url" varchar(2000) NOT NULL,
	"codigo_http" integer,
	"duracao_ms" integer NOT NULL,
	"registros" integer,
	"requisicao" text,
	"resposta" text,
	"mensagem" text
);
--> statement-breakpoint
CREATE TABLE "fila_integracao" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"referencia" varchar(100) NOT NULL,
	"descricao" varchar(500) NOT NULL,
	"conteudo" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'PENDENTE' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa" timestamp with time zone DEFAULT now() NOT NULL,
	"resposta" text,
	"id_erp" varchar(100),
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_envio" timestamp with time zone,
	"data_alteracao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registro_rejeitado" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"entidade" varchar(30) NOT NULL,
	"id_erp" varchar(100) NOT NULL,
	"conteudo" jsonb NOT NULL,
	"erro" text NOT NULL,
	"status" varchar(12) DEFAULT 'PENDENTE' NOT NULL,
	"tentativas" integer DEFAULT 1 NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_alteracao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sincronizacao_diaria" (
	"empresa_id" integer NOT NULL,
	"entidade" varchar(30) NOT NULL,
	"dia" date NOT NULL,
	"registros" integer DEFAULT 0 NOT NULL,
	"erros" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sincronizacao_diaria_empresa_id_entidade_dia_pk" PRIMARY KEY("empresa_id","entidade","dia")
);
--> statement-breakpoint
ALTER TABLE "status_integracao_entidade" ADD CONSTRAINT "status_integracao_entidade_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_integracao" ADD CONSTRAINT "log_integracao_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fila_integracao" ADD CONSTRAINT "fila_integracao_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registro_rejeitado" ADD CONSTRAINT "registro_rejeitado_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sincronizacao_diaria" ADD CONSTRAINT "sincronizacao_diaria_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "log_integracao_data_idx" ON "log_integracao" USING btree ("data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_integracao_empresa_data_idx" ON "log_integracao" USING btree ("empresa_id","data" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_integracao_requisicao_trgm" ON "log_integracao" USING gin ("requisicao" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "log_integracao_resposta_trgm" ON "log_integracao" USING gin ("resposta" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fila_integracao_empresa_status_idx" ON "fila_integracao" USING btree ("empresa_id","status","id");--> statement-breakpoint
CREATE INDEX "fila_integracao_pendente_idx" ON "fila_integracao" USING btree ("status","proxima_tentativa");--> statement-breakpoint
CREATE UNIQUE INDEX "registro_rejeitado_uk" ON "registro_rejeitado" USING btree ("empresa_id","entidade","id_erp");--> statement-breakpoint
CREATE INDEX "registro_rejeitado_status_idx" ON "registro_rejeitado" USING btree ("empresa_id","status");