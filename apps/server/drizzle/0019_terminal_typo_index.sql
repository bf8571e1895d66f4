-- Terminal speed (issue 16, docs/terminal-search.md "Typo tolerance" and "Stock and sales").
-- 1. terminal_vocabulo_variante: the deletion neighbourhood of every vocabulary word (SymSpell,
--    Wolf Garbe 2012): the word itself and every string made from it by deleting 1 character, and
--    2 characters for words of 7+ characters. Two words within k edits (insertion, deletion,
--    substitution, swap of adjacent letters) share a string reachable from each by at most k
--    deletions, so the corrections of a typed word are the vocabulary words owning one of its own
--    deletions: equality lookups on a B-tree (a few dozen keys), where the trigram LIKE patterns of
--    0011 read 3-8 posting lists of short trigrams per word (5-23 ms per query on 100,000 words).
--    The depth follows typoBudget (terminal-text.ts): 1 typo from 5 letters, 2 from 9, so a word
--    is a 2-typo correction only of a typed word of 9+ letters, i.e. when it has 7+ itself.
--    Kept by a trigger on terminal_vocabulo (itself insert-only, kept by triggers).
-- 2. rel_faturamento_produto by product: the Terminal detail reads a title's monthly sales and its
--    last sale from the billing rollup (the billing rules of reports/billing-rules.ts) instead of
--    its document lines (1,500 lines a year for a best seller).
-- One SELECT, so the planner inlines it into a FROM list (the backfill: 0.5 s per 100,000 words;
-- a UNION of three SELECTs took 5 ms per call). A string may come twice (deleting either "r" of
-- "carro"); callers de-duplicate. Positions i < j in 0..length+1, 0 and length+1 deleting nothing.
CREATE FUNCTION acervo_delecoes(palavra text, maximo integer) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE ROWS 40 AS $$
  SELECT left(palavra, greatest(i - 1, 0)) || substr(palavra, i + 1, j - i - 1) || substr(palavra, j + 1)
  FROM generate_series(0, CASE WHEN maximo >= 2 THEN length(palavra) ELSE 0 END) i,
       generate_series(i + 1, length(palavra) + 1) j
  WHERE (j <= length(palavra) OR i = 0) AND (j <= length(palavra))::int + (i >= 1)::int <= maximo
$$;
--> statement-breakpoint
CREATE FUNCTION acervo_profundidade_variantes(palavra text) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT CASE WHEN length(palavra) >= 7 THEN 2 ELSE 1 END $$;
--> statement-breakpoint
CREATE TABLE "terminal_vocabulo_variante" (
	"variante" text NOT NULL,
	"palavra" text NOT NULL,
	CONSTRAINT "terminal_vocabulo_variante_pk" PRIMARY KEY ("variante", "palavra")
);
--> statement-breakpoint
CREATE FUNCTION acervo_vocabulo_variantes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO terminal_vocabulo_variante (variante, palavra)
    SELECT d, n.palavra FROM novos n, acervo_delecoes(n.palavra, acervo_profundidade_variantes(n.palavra)) d
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER terminal_vocabulo_variantes AFTER INSERT ON terminal_vocabulo REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION acervo_vocabulo_variantes();
--> statement-breakpoint
INSERT INTO terminal_vocabulo_variante (variante, palavra)
  SELECT d, v.palavra FROM terminal_vocabulo v, acervo_delecoes(v.palavra, acervo_profundidade_variantes(v.palavra)) d
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP INDEX "terminal_vocabulo_trgm";
--> statement-breakpoint
CREATE INDEX "rel_faturamento_produto_produto_idx" ON "rel_faturamento_produto" ("empresa_id", "grao", "produto_id", "periodo");
--> statement-breakpoint
-- 3. Products of a publisher or an imprint with their ids in the index: the Terminal's publisher
--    and imprint arms read them index-only (a word found in 8 publisher names gave 1,705 heap
--    visits, 3 ms; 0.7 ms index-only). They replace the one-column indexes.
CREATE INDEX "produto_editora_id_idx" ON "produto" ("editora_id", "id");
--> statement-breakpoint
DROP INDEX "produto_editora_idx";
--> statement-breakpoint
CREATE INDEX "produto_selo_id_idx" ON "produto" ("selo_id", "id");
--> statement-breakpoint
DROP INDEX "produto_selo_idx";
--> statement-breakpoint
-- 4. No pending list on the two small trigram indexes every Terminal word reads (publisher names,
--    collections): GIN's fast update appends new entries to a list every search then scans
--    linearly until a VACUUM merges it, and PGlite has no autovacuum. On the bench's 50,000
--    titles on PGlite, "memorias" read the publisher index in 3.9 ms before a VACUUM, 0.14 ms
--    after. Publisher names change rarely and a collection has few trigrams (most have none), so
--    writing each entry into the index at once costs little.
ALTER INDEX "editora_nome_busca_trgm" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('editora_nome_busca_trgm'::regclass);
--> statement-breakpoint
ALTER INDEX "produto_colecao_trgm" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('produto_colecao_trgm'::regclass);
