-- Sales orders (issue 19 part 2, docs/sales-orders.md): the order desk's orders and their lines,
-- sent to the ERP through the outgoing queue (fila_integracao) in the transaction that stores them.
-- The order's ERP status is its queue item's; its invoice is the ERP's NOTA whose
-- referencia_pedido is the order's number (new column of erp_venda, from the VENDA feed).
CREATE TABLE "pedido_venda" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL REFERENCES "empresa"("id") ON DELETE CASCADE,
	"numero" integer NOT NULL,
	"usuario_id" integer REFERENCES "usuario"("id") ON DELETE SET NULL,
	"vendedor_usuario_id" integer REFERENCES "usuario"("id") ON DELETE SET NULL,
	"vendedor_erp_id" integer REFERENCES "erp_vendedor"("id"),
	"cliente_id" integer NOT NULL REFERENCES "erp_cliente"("id"),
	"forma_pagamento_id" integer NOT NULL REFERENCES "erp_forma_pagamento"("id"),
	"transportadora_id" integer REFERENCES "erp_transportadora"("id"),
	"tipo_operacao_fiscal_id" integer NOT NULL REFERENCES "erp_tipo_operacao_fiscal"("id"),
	"observacao" varchar(1000),
	"quantidade" integer NOT NULL,
	"total_centavos" bigint NOT NULL,
	"fila_integracao_id" integer REFERENCES "fila_integracao"("id") ON DELETE SET NULL,
	"chave_idempotencia" varchar(100),
	"hash_requisicao" varchar(64),
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pedido_venda_empresa_numero_uk" ON "pedido_venda" ("empresa_id", "numero");
--> statement-breakpoint
CREATE UNIQUE INDEX "pedido_venda_idempotencia_uk" ON "pedido_venda" ("empresa_id", "usuario_id", "chave_idempotencia");
--> statement-breakpoint
CREATE INDEX "pedido_venda_empresa_data_idx" ON "pedido_venda" ("empresa_id", "data_cadastro");
--> statement-breakpoint
CREATE INDEX "pedido_venda_vendedor_data_idx" ON "pedido_venda" ("vendedor_usuario_id", "data_cadastro");
--> statement-breakpoint
CREATE INDEX "pedido_venda_cliente_idx" ON "pedido_venda" ("cliente_id");
--> statement-breakpoint
CREATE TABLE "pedido_venda_item" (
	"pedido_venda_id" integer NOT NULL REFERENCES "pedido_venda"("id") ON DELETE CASCADE,
	"linha" smallint NOT NULL,
	"produto_id" integer NOT NULL REFERENCES "produto"("id"),
	"erp_produto_id" integer NOT NULL REFERENCES "erp_produto"("id"),
	"quantidade" integer NOT NULL,
	"preco_unitario_centavos" bigint NOT NULL,
	"desconto_percentual" numeric(5, 2) NOT NULL,
	"desconto_centavos" bigint NOT NULL,
	"valor_liquido_centavos" bigint NOT NULL,
	CONSTRAINT "pedido_venda_item_pedido_venda_id_linha_pk" PRIMARY KEY ("pedido_venda_id", "linha")
);
--> statement-breakpoint
ALTER TABLE "erp_venda" ADD COLUMN "referencia_pedido" varchar(50);
--> statement-breakpoint
CREATE INDEX "erp_venda_referencia_pedido_idx" ON "erp_venda" ("empresa_id", "referencia_pedido") WHERE "referencia_pedido" IS NOT NULL;
