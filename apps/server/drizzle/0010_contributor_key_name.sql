-- The contributor key carries the normalised name (docs/catalog-search.md "Broad words under
-- load"): the catalogue's page walk of a broad `term` tests each walked title's contributors from
-- the key alone (an index-only scan once the pages are all-visible) instead of visiting the heap
-- for each contributor. Same key columns, so uniqueness and every lookup by product are unchanged.
-- Drizzle cannot write INCLUDE: the schema declares the plain key (products.schema.ts says so).
ALTER TABLE "produto_contribuidor" DROP CONSTRAINT "produto_contribuidor_produto_id_ordem_pk";
--> statement-breakpoint
ALTER TABLE "produto_contribuidor" ADD CONSTRAINT "produto_contribuidor_produto_id_ordem_pk" PRIMARY KEY ("produto_id", "ordem") INCLUDE ("nome_busca");
