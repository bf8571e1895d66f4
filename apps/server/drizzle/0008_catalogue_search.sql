-- Catalogue search (docs/catalog-search.md): a text search configuration for Portuguese titles
-- that drops accents before stemming, so "memórias", "Memorias" and "memória" meet on one stem
-- (a copy of the built-in `portuguese`: Snowball stemmer and stop words; every word token goes
-- through `unaccent` first); a tsvector of title + subtitle; contributor names stored normalised.
CREATE TEXT SEARCH CONFIGURATION acervo_pt (COPY = pg_catalog.portuguese);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION acervo_pt
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
  WITH public.unaccent, pg_catalog.portuguese_stem;
--> statement-breakpoint
DROP INDEX "produto_contribuidor_nome_busca_trgm";--> statement-breakpoint
ALTER TABLE "produto_contribuidor" ADD COLUMN "nome_busca" text GENERATED ALWAYS AS (acervo_normalize(nome_completo)) STORED;--> statement-breakpoint
ALTER TABLE "produto" ADD COLUMN "titulo_palavras" "tsvector" GENERATED ALWAYS AS (to_tsvector('acervo_pt'::regconfig, coalesce(titulo, '') || ' ' || coalesce(subtitulo, ''))) STORED;--> statement-breakpoint
CREATE INDEX "produto_titulo_palavras_fts" ON "produto" USING gin ("titulo_palavras");--> statement-breakpoint
CREATE INDEX "produto_contribuidor_nome_busca_trgm" ON "produto_contribuidor" USING gin ("nome_busca" gin_trgm_ops);