-- Stock replacement (issue 18 Parts 2-3, docs/replenishment.md): calculation templates, stored
-- calculation results (kept 24 h unless a replacement was generated from them), generated
-- replacements with their items, status trail and the purchase orders queued for the ERP.
CREATE TABLE "reposicao_modelo" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL REFERENCES "empresa"("id") ON DELETE CASCADE,
	"nome" varchar(100) NOT NULL,
	"nome_chave" varchar(100) NOT NULL,
	"parametros" jsonb NOT NULL,
	"usuario_id" integer REFERENCES "usuario"("id") ON DELETE SET NULL,
	"data_alteracao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reposicao_modelo_empresa_nome_uk" ON "reposicao_modelo" ("empresa_id", "nome_chave");
--> statement-breakpoint
CREATE TABLE "reposicao_calculo" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL REFERENCES "empresa"("id") ON DELETE CASCADE,
	"usuario_id" integer REFERENCES "usuario"("id") ON DELETE SET NULL,
	"modelo_id" integer REFERENCES "reposicao_modelo"("id") ON DELETE SET NULL,
	"parametros" jsonb NOT NULL,
	"totais" jsonb NOT NULL,
	"historico_inicio" varchar(7) NOT NULL,
	"duracao_ms" integer NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "reposicao_calculo_empresa_idx" ON "reposicao_calculo" ("empresa_id", "data_cadastro");
--> statement-breakpoint
CREATE INDEX "reposicao_calculo_expira_idx" ON "reposicao_calculo" ("expira_em");
--> statement-breakpoint
CREATE TABLE "reposicao_calculo_item" (
	"calculo_id" integer NOT NULL REFERENCES "reposicao_calculo"("id") ON DELETE CASCADE,
	"produto_id" integer NOT NULL,
	"erp_produto_id" integer,
	"sku" varchar(100),
	"isbn13" varchar(13),
	"titulo" varchar(500) NOT NULL,
	"autores" varchar(500),
	"editora_id" integer,
	"editora" varchar(300),
	"situacao" varchar(10),
	"fisico" integer NOT NULL,
	"reservado" integer NOT NULL,
	"bloqueado" integer NOT NULL,
	"pedido_compra" integer NOT NULL,
	"disponivel" integer NOT NULL,
	"rede" integer NOT NULL,
	"coberto" integer DEFAULT 0 NOT NULL,
	"estoque_minimo" integer,
	"estoque_maximo" integer,
	"demanda_media" numeric(14, 2) NOT NULL,
	"nivel_reposicao" integer NOT NULL,
	"quantidade_sugerida" integer NOT NULL,
	"quantidade_pedido" integer NOT NULL,
	"preco_centavos" bigint,
	"custo_centavos" bigint,
	"metodo" varchar(30) NOT NULL,
	"historico" integer[] NOT NULL,
	"ruptura" jsonb,
	CONSTRAINT "reposicao_calculo_item_pk" PRIMARY KEY ("calculo_id", "produto_id")
);
--> statement-breakpoint
CREATE INDEX "reposicao_calculo_item_sugerida_idx" ON "reposicao_calculo_item" ("calculo_id", "quantidade_sugerida");
--> statement-breakpoint
CREATE INDEX "reposicao_calculo_item_editora_idx" ON "reposicao_calculo_item" ("calculo_id", "editora_id");
--> statement-breakpoint
CREATE TABLE "reposicao" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL REFERENCES "empresa"("id") ON DELETE CASCADE,
	"calculo_id" integer REFERENCES "reposicao_calculo"("id") ON DELETE SET NULL,
	"descricao" varchar(200) NOT NULL,
	"status" varchar(12) DEFAULT 'GERADA' NOT NULL,
	"parametros" jsonb NOT NULL,
	"gerado_por" integer REFERENCES "usuario"("id") ON DELETE SET NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"aprovado_por" integer REFERENCES "usuario"("id") ON DELETE SET NULL,
	"data_aprovacao" timestamp with time zone,
	"justificativa" varchar(500),
	"itens" integer DEFAULT 0 NOT NULL,
	"quantidade_sugerida" integer DEFAULT 0 NOT NULL,
	"quantidade_pedido" integer DEFAULT 0 NOT NULL,
	"valor_capa_centavos" bigint DEFAULT 0 NOT NULL,
	"valor_custo_centavos" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reposicao_empresa_data_idx" ON "reposicao" ("empresa_id", "data_cadastro");
--> statement-breakpoint
CREATE INDEX "reposicao_empresa_status_idx" ON "reposicao" ("empresa_id", "status");
--> statement-breakpoint
CREATE TABLE "reposicao_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"reposicao_id" integer NOT NULL REFERENCES "reposicao"("id") ON DELETE CASCADE,
	"produto_id" integer NOT NULL REFERENCES "produto"("id"),
	"erp_produto_id" integer REFERENCES "erp_produto"("id") ON DELETE SET NULL,
	"sku" varchar(100),
	"isbn13" varchar(13),
	"titulo" varchar(500) NOT NULL,
	"autores" varchar(500),
	"editora_id" integer,
	"editora" varchar(300),
	"saldo_disponivel" integer NOT NULL,
	"quantidade_sugerida" integer NOT NULL,
	"quantidade_pedido" integer NOT NULL,
	"preco_centavos" bigint,
	"custo_centavos" bigint,
	"metodo" varchar(30) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reposicao_item_produto_uk" ON "reposicao_item" ("reposicao_id", "produto_id");
--> statement-breakpoint
CREATE INDEX "reposicao_item_produto_idx" ON "reposicao_item" ("produto_id");
--> statement-breakpoint
CREATE TABLE "reposicao_transicao" (
	"id" serial PRIMARY KEY NOT NULL,
	"reposicao_id" integer NOT NULL REFERENCES "reposicao"("id") ON DELETE CASCADE,
	"status" varchar(12) NOT NULL,
	"usuario_id" integer REFERENCES "usuario"("id") ON DELETE SET NULL,
	"justificativa" text,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reposicao_transicao_reposicao_idx" ON "reposicao_transicao" ("reposicao_id", "id");
--> statement-breakpoint
CREATE TABLE "reposicao_pedido_compra" (
	"id" serial PRIMARY KEY NOT NULL,
	"reposicao_id" integer NOT NULL REFERENCES "reposicao"("id") ON DELETE CASCADE,
	"editora_id" integer,
	"editora" varchar(300),
	"referencia" varchar(50) NOT NULL,
	"itens" integer NOT NULL,
	"quantidade" integer NOT NULL,
	"fila_integracao_id" integer REFERENCES "fila_integracao"("id") ON DELETE SET NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reposicao_pedido_compra_referencia_uk" ON "reposicao_pedido_compra" ("reposicao_id", "referencia");
