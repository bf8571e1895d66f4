-- Word search of the catalogue (docs/catalog-search.md): a text search configuration for
-- Portuguese titles that drops accents before stemming, so "memórias", "Memorias" and "memória"
-- meet on one stem. Copied from the built-in `portuguese` (Snowball stemmer and stop words);
-- every word token goes through `unaccent` first.
CREATE TEXT SEARCH CONFIGURATION acervo_pt (COPY = pg_catalog.portuguese);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION acervo_pt
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
  WITH public.unaccent, pg_catalog.portuguese_stem;
--> statement-breakpoint
ALTER TABLE "produto" ADD COLUMN "titulo_palavras" "tsvector" GENERATED ALWAYS AS (to_tsvector('acervo_pt'::regconfig, coalesce(titulo, '') || ' ' || coalesce(subtitulo, ''))) STORED;--> statement-breakpoint
CREATE INDEX "produto_titulo_palavras_fts" ON "produto" USING gin ("titulo_palavras");