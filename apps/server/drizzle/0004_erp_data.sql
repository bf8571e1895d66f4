CREATE TABLE "erp_autor" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"id_erp" varchar(50) NOT NULL,
	"alterado_em_erp" timestamp (3) with time zone,
	"data_sincronizacao" timestamp with time zone DEFAULT now() NOT NULL,
	"nome" varchar(300),
	"nome_invertido" varchar(300),
	"biografia" text,
	"ativo" boolean,
	CONSTRAINT "erp_autor_completo_ck" CHECK (alterado_em_erp IS NULL OR (nome IS NOT NULL AND ativo IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "erp_transportadora" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"id_erp" varchar(50) NOT NULL,
	"alterado_em_erp" timestamp (3) with time zone,
	"data_sincronizacao" timestamp with time zone DEFAULT now() NOT NULL,
	"nome" varchar(300),
	"cnpj" varchar(14),
	"uf" varchar(2),
	"ativo" boolean,
	CONSTRAINT "erp_transportadora_completo_ck" CHECK (alterado_em_erp IS NULL OR (nome IS NOT NULL AND ativo IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "erp_cliente" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"id_erp" varchar(50) NOT NULL,
	"alterado_em_erp" timestamp (3) with time zone,
	"data_sincronizacao" timestamp with time zone DEFAULT now() NOT NULL,
	"razao_social" varchar(300),
	"nome_fantasia" varchar(300),
	"documento" varchar(14),
	"tipo" varchar(20),
	"uf" varchar(2),
	"municipio" varchar(300),
	"codigo_municipio_ibge" varchar(7),
	"vendedor_id" integer,
	"ativo" boolean,
	CONSTRAINT "erp_cliente_completo_ck" CHECK (alterado_em_erp IS NULL OR (razao_social IS NOT NULL AND documento IS NOT NULL AND tipo IS NOT NULL AND uf IS NOT NULL AND municipio IS NOT NULL AND ativo IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "erp_tipo_contribuicao" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"id_erp" varchar(50) NOT NULL,
	"alterado_em_erp" timestamp (3) with time zone,
	"data_sincronizacao" timestamp with time zone DEFAULT now() NOT NULL,
	"descricao" varchar(300),
	"codigo_onix" varchar(3),
	"ativo" boolean,
	CONSTRAINT "erp_tipo_contribuicao_completo_ck" CHECK (alterado_em_erp IS NULL OR (descricao IS NOT NULL AND ativo IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "erp_tipo_operacao_fiscal" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"id_erp" varchar(50) NOT NULL,
	"alterado_em_erp" timestamp (3) with time zone,
	"data_sincronizacao" timestamp with time zone DEFAULT now() NOT NULL,
	"cfop" varchar(4),
	"descricao" varchar(300),
	"natureza" varchar(20),
	"ativo" boolean,
	CONSTRAINT "erp_tipo_operacao_fiscal_completo_ck" CHECK (alterado_em_erp IS NULL OR (cfop IS NOT NULL AND descricao IS NOT NULL AND natureza IS NOT NULL AND ativo IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "erp_selo" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"id_erp" varchar(50) NOT NULL,
	"alterado_em_erp" timestamp (3) with time zone,
	"data_sincronizacao" timestamp with time zone DEFAULT now() NOT NULL,
	"nome" varchar(300),
	"editora" varchar(300),
	"cnpj_editora" varchar(14),
	"ativo" boolean,
	CONSTRAINT "erp_selo_completo_ck" CHECK (alterado_em_erp IS NULL OR (nome IS NOT NULL AND editora IS NOT NULL AND ativo IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "erp_forma_pagamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"id_erp" varchar(50) NOT NULL,
	"alterado_em_erp" timestamp (3) with time zone,
	"data_sincronizacao" timestamp with time zone DEFAULT now() NOT NULL,
	"descricao" varchar(300),
	"parcelas" smallint,
	"prazo_dias" smallint,
	"ativo" boolean,
	CONSTRAINT "erp_forma_pagamento_completo_ck" CHECK (alterado_em_erp IS NULL OR (descricao IS NOT NULL AND parcelas IS NOT NULL AND prazo_dias IS NOT NULL AND ativo IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "erp_produto_contribuidor" (
	"erp_produto_id" integer NOT NULL,
	"ordem" smallint NOT NULL,
	"autor_id" integer NOT NULL,
	"tipo_contribuicao_id" integer NOT NULL,
	CONSTRAINT "erp_produto_contribuidor_erp_produto_id_ordem_pk" PRIMARY KEY("erp_produto_id","ordem")
);
--> statement-breakpoint
CREATE TABLE "erp_tipo_produto" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"id_erp" varchar(50) NOT NULL,
	"alterado_em_erp" timestamp (3) with time zone,
	"data_sincronizacao" timestamp with time zone DEFAULT now() NOT NULL,
	"descricao" varchar(300),
	"formato_onix" varchar(2),
	"ativo" boolean,
	CONSTRAINT "erp_tipo_produto_completo_ck" CHECK (alterado_em_erp IS NULL OR (descricao IS NOT NULL AND ativo IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "erp_produto" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"id_erp" varchar(50) NOT NULL,
	"alterado_em_erp" timestamp (3) with time zone,
	"data_sincronizacao" timestamp with time zone DEFAULT now() NOT NULL,
	"produto_id" integer,
	"ean" varchar(13),
	"titulo" varchar(500),
	"subtitulo" varchar(500),
	"selo_id" integer,
	"tipo_produto_id" integer,
	"assunto_id" integer,
	"preco_centavos" bigint,
	"custo_centavos" bigint,
	"data_lancamento" date,
	"ano_edicao" smallint,
	"paginas" integer,
	"peso_gramas" integer,
	"idioma" varchar(3),
	"situacao" varchar(2),
	"ativo" boolean,
	CONSTRAINT "erp_produto_completo_ck" CHECK (alterado_em_erp IS NULL OR (ean IS NOT NULL AND titulo IS NOT NULL AND preco_centavos IS NOT NULL AND situacao IS NOT NULL AND ativo IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "erp_venda_item" (
	"venda_id" integer NOT NULL,
	"linha" smallint NOT NULL,
	"empresa_id" integer NOT NULL,
	"data_emissao" date NOT NULL,
	"produto_id" integer NOT NULL,
	"quantidade" integer NOT NULL,
	"preco_unitario_centavos" bigint NOT NULL,
	"desconto_centavos" bigint NOT NULL,
	"valor_liquido_centavos" bigint NOT NULL,
	"custo_centavos" bigint,
	"linha_origem" smallint,
	CONSTRAINT "erp_venda_item_venda_id_linha_pk" PRIMARY KEY("venda_id","linha")
);
--> statement-breakpoint
CREATE TABLE "erp_venda" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"id_erp" varchar(50) NOT NULL,
	"alterado_em_erp" timestamp (3) with time zone,
	"data_sincronizacao" timestamp with time zone DEFAULT now() NOT NULL,
	"tipo" varchar(10),
	"numero" integer,
	"serie" varchar(3),
	"data_emissao" date,
	"cliente_id" integer,
	"vendedor_id" integer,
	"uf" varchar(2),
	"tipo_operacao_fiscal_id" integer,
	"forma_pagamento_id" integer,
	"transportadora_id" integer,
	"consignacao" boolean,
	"cancelada" boolean,
	"documento_origem_id" integer,
	"frete_centavos" bigint,
	"total_centavos" bigint,
	CONSTRAINT "erp_venda_completo_ck" CHECK (alterado_em_erp IS NULL OR (tipo IS NOT NULL AND numero IS NOT NULL AND serie IS NOT NULL AND data_emissao IS NOT NULL AND cliente_id IS NOT NULL AND uf IS NOT NULL AND tipo_operacao_fiscal_id IS NOT NULL AND consignacao IS NOT NULL AND cancelada IS NOT NULL AND frete_centavos IS NOT NULL AND total_centavos IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "erp_vendedor" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"id_erp" varchar(50) NOT NULL,
	"alterado_em_erp" timestamp (3) with time zone,
	"data_sincronizacao" timestamp with time zone DEFAULT now() NOT NULL,
	"nome" varchar(300),
	"email" varchar(254),
	"ativo" boolean,
	CONSTRAINT "erp_vendedor_completo_ck" CHECK (alterado_em_erp IS NULL OR (nome IS NOT NULL AND ativo IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "erp_estoque" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"id_erp" varchar(50) NOT NULL,
	"alterado_em_erp" timestamp (3) with time zone,
	"data_sincronizacao" timestamp with time zone DEFAULT now() NOT NULL,
	"produto_id" integer NOT NULL,
	"fisico" integer NOT NULL,
	"reservado" integer NOT NULL,
	"consignado" integer NOT NULL,
	"bloqueado" integer NOT NULL,
	"pedido_compra" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_assunto" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"id_erp" varchar(50) NOT NULL,
	"alterado_em_erp" timestamp (3) with time zone,
	"data_sincronizacao" timestamp with time zone DEFAULT now() NOT NULL,
	"descricao" varchar(300),
	"codigo_bisac" varchar(9),
	"ativo" boolean,
	CONSTRAINT "erp_assunto_completo_ck" CHECK (alterado_em_erp IS NULL OR (descricao IS NOT NULL AND ativo IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "erp_autor" ADD CONSTRAINT "erp_autor_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_transportadora" ADD CONSTRAINT "erp_transportadora_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_cliente" ADD CONSTRAINT "erp_cliente_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_cliente" ADD CONSTRAINT "erp_cliente_vendedor_id_erp_vendedor_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."erp_vendedor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_tipo_contribuicao" ADD CONSTRAINT "erp_tipo_contribuicao_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_tipo_operacao_fiscal" ADD CONSTRAINT "erp_tipo_operacao_fiscal_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_selo" ADD CONSTRAINT "erp_selo_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_forma_pagamento" ADD CONSTRAINT "erp_forma_pagamento_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_produto_contribuidor" ADD CONSTRAINT "erp_produto_contribuidor_erp_produto_id_erp_produto_id_fk" FOREIGN KEY ("erp_produto_id") REFERENCES "public"."erp_produto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_produto_contribuidor" ADD CONSTRAINT "erp_produto_contribuidor_autor_id_erp_autor_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."erp_autor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_produto_contribuidor" ADD CONSTRAINT "erp_produto_contribuidor_tipo_contribuicao_id_erp_tipo_contribuicao_id_fk" FOREIGN KEY ("tipo_contribuicao_id") REFERENCES "public"."erp_tipo_contribuicao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_tipo_produto" ADD CONSTRAINT "erp_tipo_produto_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_produto" ADD CONSTRAINT "erp_produto_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_produto" ADD CONSTRAINT "erp_produto_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_produto" ADD CONSTRAINT "erp_produto_selo_id_erp_selo_id_fk" FOREIGN KEY ("selo_id") REFERENCES "public"."erp_selo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_produto" ADD CONSTRAINT "erp_produto_tipo_produto_id_erp_tipo_produto_id_fk" FOREIGN KEY ("tipo_produto_id") REFERENCES "public"."erp_tipo_produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_produto" ADD CONSTRAINT "erp_produto_assunto_id_erp_assunto_id_fk" FOREIGN KEY ("assunto_id") REFERENCES "public"."erp_assunto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_venda_item" ADD CONSTRAINT "erp_venda_item_venda_id_erp_venda_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."erp_venda"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_venda" ADD CONSTRAINT "erp_venda_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_vendedor" ADD CONSTRAINT "erp_vendedor_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_estoque" ADD CONSTRAINT "erp_estoque_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_estoque" ADD CONSTRAINT "erp_estoque_produto_id_erp_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."erp_produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_assunto" ADD CONSTRAINT "erp_assunto_empresa_id_empresa_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresa"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_autor_empresa_id_erp_uk" ON "erp_autor" USING btree ("empresa_id","id_erp");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_transportadora_empresa_id_erp_uk" ON "erp_transportadora" USING btree ("empresa_id","id_erp");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_cliente_empresa_id_erp_uk" ON "erp_cliente" USING btree ("empresa_id","id_erp");--> statement-breakpoint
CREATE INDEX "erp_cliente_vendedor_idx" ON "erp_cliente" USING btree ("vendedor_id");--> statement-breakpoint
CREATE INDEX "erp_cliente_empresa_uf_idx" ON "erp_cliente" USING btree ("empresa_id","uf");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_tipo_contribuicao_empresa_id_erp_uk" ON "erp_tipo_contribuicao" USING btree ("empresa_id","id_erp");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_tipo_operacao_fiscal_empresa_id_erp_uk" ON "erp_tipo_operacao_fiscal" USING btree ("empresa_id","id_erp");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_selo_empresa_id_erp_uk" ON "erp_selo" USING btree ("empresa_id","id_erp");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_forma_pagamento_empresa_id_erp_uk" ON "erp_forma_pagamento" USING btree ("empresa_id","id_erp");--> statement-breakpoint
CREATE INDEX "erp_produto_contribuidor_autor_idx" ON "erp_produto_contribuidor" USING btree ("autor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_tipo_produto_empresa_id_erp_uk" ON "erp_tipo_produto" USING btree ("empresa_id","id_erp");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_produto_empresa_id_erp_uk" ON "erp_produto" USING btree ("empresa_id","id_erp");--> statement-breakpoint
CREATE INDEX "erp_produto_produto_idx" ON "erp_produto" USING btree ("produto_id");--> statement-breakpoint
CREATE INDEX "erp_produto_empresa_ean_idx" ON "erp_produto" USING btree ("empresa_id","ean");--> statement-breakpoint
CREATE INDEX "erp_venda_item_produto_data_idx" ON "erp_venda_item" USING btree ("produto_id","data_emissao");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_venda_empresa_id_erp_uk" ON "erp_venda" USING btree ("empresa_id","id_erp");--> statement-breakpoint
CREATE INDEX "erp_venda_empresa_data_idx" ON "erp_venda" USING btree ("empresa_id","data_emissao");--> statement-breakpoint
CREATE INDEX "erp_venda_cliente_data_idx" ON "erp_venda" USING btree ("cliente_id","data_emissao");--> statement-breakpoint
CREATE INDEX "erp_venda_vendedor_data_idx" ON "erp_venda" USING btree ("vendedor_id","data_emissao");--> statement-breakpoint
CREATE INDEX "erp_venda_empresa_uf_data_idx" ON "erp_venda" USING btree ("empresa_id","uf","data_emissao");--> statement-breakpoint
CREATE INDEX "erp_venda_documento_origem_idx" ON "erp_venda" USING btree ("documento_origem_id");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_vendedor_empresa_id_erp_uk" ON "erp_vendedor" USING btree ("empresa_id","id_erp");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_estoque_empresa_id_erp_uk" ON "erp_estoque" USING btree ("empresa_id","id_erp");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_estoque_produto_uk" ON "erp_estoque" USING btree ("produto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_assunto_empresa_id_erp_uk" ON "erp_assunto" USING btree ("empresa_id","id_erp");