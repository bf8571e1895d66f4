-- Stockout history (issue 18 Part 1 "stockout correction", docs/replenishment.md): erp_estoque is the
-- present snapshot of the ERP's stock, so the months a title had no available stock cannot be read
-- back from it. The daily task REGISTRO_RUPTURA_ESTOQUE counts, per company and month, the days it
-- looked (estoque_observacao_mes) and, per ERP product, the days it found no available stock
-- (fisico - reservado - bloqueado <= 0; estoque_ruptura_mes). A calculation treats a month as without
-- stock when the product had none on at least half of the days observed in it.
CREATE TABLE "estoque_observacao_mes" (
	"empresa_id" integer NOT NULL REFERENCES "empresa"("id") ON DELETE CASCADE,
	"mes" date NOT NULL,
	"dias" smallint NOT NULL,
	"ultimo_dia" date NOT NULL,
	CONSTRAINT "estoque_observacao_mes_pk" PRIMARY KEY ("empresa_id", "mes"),
	CONSTRAINT "estoque_observacao_mes_mes_ck" CHECK (extract(day FROM "mes") = 1)
);
--> statement-breakpoint
CREATE TABLE "estoque_ruptura_mes" (
	"empresa_id" integer NOT NULL REFERENCES "empresa"("id") ON DELETE CASCADE,
	"produto_id" integer NOT NULL REFERENCES "erp_produto"("id") ON DELETE CASCADE,
	"mes" date NOT NULL,
	"dias_sem_estoque" smallint NOT NULL,
	CONSTRAINT "estoque_ruptura_mes_pk" PRIMARY KEY ("empresa_id", "mes", "produto_id"),
	CONSTRAINT "estoque_ruptura_mes_mes_ck" CHECK (extract(day FROM "mes") = 1)
);
--> statement-breakpoint
CREATE INDEX "estoque_ruptura_mes_produto_idx" ON "estoque_ruptura_mes" ("produto_id");
