CREATE TABLE "empresa" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(150) NOT NULL,
	"descricao" text,
	"cnpj" varchar(14) NOT NULL,
	"codigo_erp" varchar(50),
	"ativo" boolean DEFAULT true NOT NULL,
	"acesso_api" boolean DEFAULT false NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_alteracao" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresa_cnpj_unique" UNIQUE("cnpj")
);
--> statement-breakpoint
CREATE TABLE "perfil_permissao" (
	"perfil_id" integer NOT NULL,
	"role" varchar(100) NOT NULL,
	CONSTRAINT "perfil_permissao_perfil_id_role_pk" PRIMARY KEY("perfil_id","role")
);
--> statement-breakpoint
CREATE TABLE "perfil" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(100) NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_alteracao" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "perfil_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "usuario_empresa" (
	"usuario_id" integer NOT NULL,
	"empresa_id" integer NOT NULL,
	"perfil_id" integer NOT NULL,
	CONSTRAINT "usuario_empresa_usuario_id_empresa_id_pk" PRIMARY KEY("usuario_id","empresa_id")
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(150) NOT NULL,
	"email" varchar(254),
	"login" varchar(100) NOT NULL,
	"senha_hash" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"ind_new_password" boolean DEFAULT false NOT NULL,
	"id_erp" varchar(50),
	"ind_vendedor" boolean DEFAULT false NOT NULL,
	"ultima_empresa_id" integer,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_alteracao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_saida" (
	"id" serial PRIMARY KEY NOT NULL,
	"destinatario" varchar(254) NOT NULL,
	"assunto" varchar(200) NOT NULL,
	"corpo" text NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	"erro" text
);
--> statement-breakpoint
CREATE TABLE "tentativa_login" (
	"chave" varchar(200) PRIMARY KEY NOT NULL,
	"falhas" integer DEFAULT 0 NOT NULL,
	"inicio_janela" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueado_ate" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "redefinicao_senha" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redefinicao_senha_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessao" (
	"id" uuid PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"empresa_id" integer,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"ultimo_acesso" timestamp with time zone DEFAULT now() NOT NULL,
	"revogada_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "parametro" (
	"chave" varchar(100) PRIMARY KEY NOT NULL,
	"valor" text NOT NULL,
	"data_alteracao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faixa_etaria" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(150) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "faixa_etaria_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "classificacao_indicativa" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(150) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "classificacao_indicativa_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "linha_produto" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(150) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "linha_produto_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "publico_alvo" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(150) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "publico_alvo_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "selo" (
	"id" serial PRIMARY KEY NOT NULL,
	"editora_id" integer NOT NULL,
	"nome" varchar(300) NOT NULL,
	"nome_chave" varchar(300) NOT NULL,
	"id_erp" varchar(50)
);
--> statement-breakpoint
CREATE TABLE "produto_contribuidor" (
	"produto_id" integer NOT NULL,
	"ordem" smallint NOT NULL,
	"tipo_contribuicao" varchar(3) NOT NULL,
	"nome_completo" varchar(300) NOT NULL,
	"nome_invertido" varchar(300),
	CONSTRAINT "produto_contribuidor_produto_id_ordem_pk" PRIMARY KEY("produto_id","ordem")
);
--> statement-breakpoint
CREATE TABLE "produto_preco" (
	"produto_id" integer NOT NULL,
	"ordem" smallint NOT NULL,
	"tipo" varchar(3) NOT NULL,
	"moeda" varchar(3) NOT NULL,
	"valor_centavos" bigint NOT NULL,
	"territorio" varchar(500),
	CONSTRAINT "produto_preco_produto_id_ordem_pk" PRIMARY KEY("produto_id","ordem")
);
--> statement-breakpoint
CREATE TABLE "produto_assunto" (
	"produto_id" integer NOT NULL,
	"ordem" smallint NOT NULL,
	"esquema" varchar(3) NOT NULL,
	"codigo" varchar(100),
	"descricao" text,
	"principal" boolean DEFAULT false NOT NULL,
	CONSTRAINT "produto_assunto_produto_id_ordem_pk" PRIMARY KEY("produto_id","ordem")
);
--> statement-breakpoint
CREATE TABLE "produto" (
	"id" serial PRIMARY KEY NOT NULL,
	"isbn13" varchar(13) NOT NULL,
	"isbn10" varchar(10),
	"issn" varchar(9),
	"status" varchar(3),
	"ind_compra" boolean DEFAULT true NOT NULL,
	"ind_venda" boolean DEFAULT true NOT NULL,
	"ind_consignacao" boolean DEFAULT false NOT NULL,
	"ind_estoque" boolean DEFAULT true NOT NULL,
	"tipo" varchar(50),
	"origem" varchar(50),
	"titulo" varchar(500) NOT NULL,
	"titulo_en" varchar(500),
	"titulo_es" varchar(500),
	"subtitulo" varchar(500),
	"titulo_busca" text GENERATED ALWAYS AS (acervo_normalize(coalesce(titulo, '') || ' ' || coalesce(subtitulo, ''))) STORED,
	"unidade_medida" varchar(10),
	"grupo_produto" varchar(100),
	"colecao" varchar(300),
	"ano_edicao" smallint,
	"numero_edicao" smallint,
	"tiragem" integer,
	"editora_id" integer,
	"selo_id" integer,
	"categoria_bisac" varchar(9),
	"subcategoria_bisac" varchar(9),
	"categoria" varchar(150),
	"assunto" varchar(150),
	"faixa_etaria_id" integer,
	"publico_alvo_id" integer,
	"classificacao_indicativa_id" integer,
	"linha_produto_id" integer,
	"personagens" text,
	"brindes" text,
	"produtos_relacionados" text[] DEFAULT '{}'::text[] NOT NULL,
	"estoque_minimo" integer,
	"estoque_maximo" integer,
	"formato_produto" varchar(2),
	"detalhes_formato" text[] DEFAULT '{}'::text[] NOT NULL,
	"encadernacao" varchar(100),
	"cest" varchar(7),
	"codigo_beneficio" varchar(10),
	"percentual_desconto_maximo" numeric(5, 2),
	"situacao" varchar(3),
	"data_situacao" date,
	"caracteristica_fiscal" varchar(50),
	"sinopse" text,
	"sinopse_en" text,
	"sinopse_es" text,
	"idioma" varchar(3),
	"data_publicacao" date,
	"numero_paginas" integer,
	"peso_gramas" integer,
	"altura_mm" integer,
	"largura_mm" integer,
	"espessura_mm" integer,
	"slug_seo" varchar(300),
	"palavras_chave" text,
	"observacao" text,
	"id_erp" varchar(50),
	"arquivo_capa" varchar(500),
	"ind_exibir_marketplace" boolean DEFAULT false NOT NULL,
	"ind_blacklist" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"fonte" varchar(300),
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_alteracao" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produto_isbn13_unique" UNIQUE("isbn13")
);
--> statement-breakpoint
CREATE TABLE "editora" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(300) NOT NULL,
	"nome_chave" varchar(300) NOT NULL,
	"id_erp" varchar(50),
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editora_nome_chave_unique" UNIQUE("nome_chave")
);
--> statement-breakpoint
ALTER TABLE "perfil_permissao" ADD CONSTRAINT "perfil_permissao_perfil_id_perfil_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfil"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_empresa" ADD CONSTRAINT "usuario_empresa_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_empresa" ADD CONSTRAINT "usuario_empresa_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_empresa" ADD CONSTRAINT "usuario_empresa_perfil_id_perfil_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfil"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_ultima_empresa_id_empresa_id_fk" FOREIGN KEY ("ultima_empresa_id") REFERENCES "public"."empresa"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redefinicao_senha" ADD CONSTRAINT "redefinicao_senha_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessao" ADD CONSTRAINT "sessao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessao" ADD CONSTRAINT "sessao_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selo" ADD CONSTRAINT "selo_editora_id_editora_id_fk" FOREIGN KEY ("editora_id") REFERENCES "public"."editora"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_contribuidor" ADD CONSTRAINT "produto_contribuidor_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_preco" ADD CONSTRAINT "produto_preco_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_assunto" ADD CONSTRAINT "produto_assunto_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto" ADD CONSTRAINT "produto_editora_id_editora_id_fk" FOREIGN KEY ("editora_id") REFERENCES "public"."editora"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto" ADD CONSTRAINT "produto_selo_id_selo_id_fk" FOREIGN KEY ("selo_id") REFERENCES "public"."selo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto" ADD CONSTRAINT "produto_faixa_etaria_id_faixa_etaria_id_fk" FOREIGN KEY ("faixa_etaria_id") REFERENCES "public"."faixa_etaria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto" ADD CONSTRAINT "produto_publico_alvo_id_publico_alvo_id_fk" FOREIGN KEY ("publico_alvo_id") REFERENCES "public"."publico_alvo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto" ADD CONSTRAINT "produto_classificacao_indicativa_id_classificacao_indicativa_id_fk" FOREIGN KEY ("classificacao_indicativa_id") REFERENCES "public"."classificacao_indicativa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto" ADD CONSTRAINT "produto_linha_produto_id_linha_produto_id_fk" FOREIGN KEY ("linha_produto_id") REFERENCES "public"."linha_produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usuario_empresa_empresa_idx" ON "usuario_empresa" USING btree ("empresa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_login_uk" ON "usuario" USING btree (lower("login"));--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_email_uk" ON "usuario" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "sessao_usuario_idx" ON "sessao" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "selo_editora_nome_uk" ON "selo" USING btree ("editora_id","nome_chave");--> statement-breakpoint
CREATE INDEX "produto_contribuidor_nome_busca_trgm" ON "produto_contribuidor" USING gin (acervo_normalize("nome_completo") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "produto_assunto_codigo_idx" ON "produto_assunto" USING btree ("esquema","codigo");--> statement-breakpoint
CREATE INDEX "produto_titulo_busca_trgm" ON "produto" USING gin ("titulo_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "produto_titulo_idx" ON "produto" USING btree ("titulo","id");--> statement-breakpoint
CREATE INDEX "produto_editora_idx" ON "produto" USING btree ("editora_id");--> statement-breakpoint
CREATE INDEX "produto_id_erp_idx" ON "produto" USING btree ("id_erp");--> statement-breakpoint
CREATE INDEX "produto_isbn10_idx" ON "produto" USING btree ("isbn10");--> statement-breakpoint
CREATE INDEX "produto_situacao_idx" ON "produto" USING btree ("situacao");--> statement-breakpoint
CREATE INDEX "produto_ano_edicao_idx" ON "produto" USING btree ("ano_edicao");--> statement-breakpoint
CREATE INDEX "editora_nome_busca_trgm" ON "editora" USING gin (acervo_normalize("nome") gin_trgm_ops);