-- Billing rollups (issue 17 part 5, docs/reports.md): sales summarised as the ERP sync writes them,
-- in the same transaction as the page of documents (apps/server/src/reports/billing-rollups.ts).
-- grao 'D' = one row per day (periodo = the day), 'M' = one row per month (periodo = its first day).
-- Cancelled documents never enter; returns are attributed to the returned invoice's client, seller,
-- state, operation and line product, on the return's own date. Which operations count as billing is
-- decided at read time from erp_tipo_operacao_fiscal.natureza (billing-rules.ts), so a fiscal
-- operation register arriving after the sales needs no rollup correction.
CREATE TABLE "rel_faturamento_vendedor" (
  "empresa_id" integer NOT NULL REFERENCES "empresa"("id") ON DELETE CASCADE,
  "grao" char(1) NOT NULL,
  "periodo" date NOT NULL,
  "vendedor_id" integer NOT NULL,
  "uf" varchar(2) NOT NULL,
  "operacao_id" integer NOT NULL,
  "devolucao" boolean NOT NULL,
  "quantidade" bigint NOT NULL,
  "valor_centavos" bigint NOT NULL,
  "notas" integer NOT NULL,
  CONSTRAINT "rel_faturamento_vendedor_pk" PRIMARY KEY ("empresa_id", "grao", "periodo", "vendedor_id", "uf", "operacao_id", "devolucao"),
  CONSTRAINT "rel_faturamento_vendedor_grao_ck" CHECK ("grao" IN ('D', 'M'))
);
--> statement-breakpoint
CREATE TABLE "rel_faturamento_documento" (
  "empresa_id" integer NOT NULL REFERENCES "empresa"("id") ON DELETE CASCADE,
  "grao" char(1) NOT NULL,
  "periodo" date NOT NULL,
  "cliente_id" integer NOT NULL,
  "vendedor_id" integer NOT NULL,
  "uf" varchar(2) NOT NULL,
  "operacao_id" integer NOT NULL,
  "devolucao" boolean NOT NULL,
  "quantidade" bigint NOT NULL,
  "valor_centavos" bigint NOT NULL,
  "notas" integer NOT NULL,
  CONSTRAINT "rel_faturamento_documento_pk" PRIMARY KEY ("empresa_id", "grao", "periodo", "cliente_id", "vendedor_id", "uf", "operacao_id", "devolucao"),
  CONSTRAINT "rel_faturamento_documento_grao_ck" CHECK ("grao" IN ('D', 'M'))
);
--> statement-breakpoint
CREATE TABLE "rel_faturamento_produto" (
  "empresa_id" integer NOT NULL REFERENCES "empresa"("id") ON DELETE CASCADE,
  "grao" char(1) NOT NULL,
  "periodo" date NOT NULL,
  "produto_id" integer NOT NULL,
  "operacao_id" integer NOT NULL,
  "devolucao" boolean NOT NULL,
  "quantidade" bigint NOT NULL,
  "valor_centavos" bigint NOT NULL,
  "notas" integer NOT NULL,
  CONSTRAINT "rel_faturamento_produto_pk" PRIMARY KEY ("empresa_id", "grao", "periodo", "produto_id", "operacao_id", "devolucao"),
  CONSTRAINT "rel_faturamento_produto_grao_ck" CHECK ("grao" IN ('D', 'M'))
);
