-- Word index of the catalogue (docs/catalog-search.md "Broad words"): the stems of each
-- title and the words of each contributor name, kept by triggers, so the list tells "more than
-- 1,000 match" by reading 1,001 index entries instead of building the whole GIN match set.
CREATE TABLE "produto_palavra" (
	"origem" smallint NOT NULL,
	"palavra" text NOT NULL,
	"produto_id" integer NOT NULL,
	CONSTRAINT "produto_palavra_origem_palavra_produto_id_pk" PRIMARY KEY("origem","palavra","produto_id")
);
--> statement-breakpoint
DROP INDEX "produto_titulo_idx";
--> statement-breakpoint
-- The title order's index carries the title words and the publisher: the list's page walk of a
-- broad word tests each row from the index alone (an index-only scan), without a heap visit.
CREATE INDEX "produto_titulo_idx" ON "produto" USING btree ("titulo", "id") INCLUDE ("titulo_palavras", "editora_id");
--> statement-breakpoint
-- The word index is written by these triggers only (docs/catalog-search.md "Broad words"):
-- inserts and deletes run once per writing statement over its transition table, so a batch of
-- 1,000 products is one INSERT here, not 1,000. Deletions name the exact rows (word and product)
-- so the primary key serves them; no other index is kept.
CREATE FUNCTION acervo_palavras_produto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM produto_palavra w
      USING (SELECT a.id, l FROM antigos a, unnest(tsvector_to_array(a.titulo_palavras)) l) d
      WHERE w.origem = 1 AND w.palavra = d.l AND w.produto_id = d.id;
  ELSE
    INSERT INTO produto_palavra (origem, palavra, produto_id)
      SELECT 1, l, n.id FROM novos n, unnest(tsvector_to_array(n.titulo_palavras)) l
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER produto_palavra_inclusao AFTER INSERT ON produto REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION acervo_palavras_produto();
--> statement-breakpoint
-- A changed title, row by row: most updates of produto leave the title alone (flags, prices,
-- situation, the importers' upserts of unchanged titles), and the WHEN clause skips those rows
-- without calling anything; a statement-level trigger would have to match every updated row.
CREATE FUNCTION acervo_palavras_titulo_alterado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM produto_palavra w
    WHERE w.origem = 1 AND w.produto_id = OLD.id AND w.palavra = ANY (tsvector_to_array(OLD.titulo_palavras));
  INSERT INTO produto_palavra (origem, palavra, produto_id)
    SELECT 1, l, NEW.id FROM unnest(tsvector_to_array(NEW.titulo_palavras)) l
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER produto_palavra_alteracao AFTER UPDATE ON produto FOR EACH ROW
  WHEN (OLD.titulo_palavras IS DISTINCT FROM NEW.titulo_palavras) EXECUTE FUNCTION acervo_palavras_titulo_alterado();
--> statement-breakpoint
CREATE TRIGGER produto_palavra_exclusao AFTER DELETE ON produto REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION acervo_palavras_produto();
--> statement-breakpoint
-- Contributor names: a word leaves the index when no contributor of the product still has it.
CREATE FUNCTION acervo_palavras_contribuidor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM produto_palavra w
      USING (SELECT DISTINCT a.produto_id, x FROM antigos a, regexp_split_to_table(a.nome_busca, '[^[:alnum:]]+') x WHERE x <> '') d
      WHERE w.origem = 2 AND w.palavra = d.x AND w.produto_id = d.produto_id
        AND NOT EXISTS (SELECT 1 FROM produto_contribuidor c
                        WHERE c.produto_id = d.produto_id AND d.x = ANY (regexp_split_to_array(c.nome_busca, '[^[:alnum:]]+')));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO produto_palavra (origem, palavra, produto_id)
      SELECT DISTINCT 2, x, n.produto_id FROM novos n, regexp_split_to_table(n.nome_busca, '[^[:alnum:]]+') x WHERE x <> ''
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER produto_palavra_contribuidor_inclusao AFTER INSERT ON produto_contribuidor REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION acervo_palavras_contribuidor();
--> statement-breakpoint
CREATE TRIGGER produto_palavra_contribuidor_alteracao AFTER UPDATE ON produto_contribuidor REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION acervo_palavras_contribuidor();
--> statement-breakpoint
CREATE TRIGGER produto_palavra_contribuidor_exclusao AFTER DELETE ON produto_contribuidor REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION acervo_palavras_contribuidor();
--> statement-breakpoint
-- TRUNCATE fires no row or statement DELETE trigger: empty the index with the table.
CREATE FUNCTION acervo_palavras_esvaziar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'produto' THEN
    TRUNCATE produto_palavra;
  ELSE
    DELETE FROM produto_palavra WHERE origem = 2;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER produto_palavra_esvaziar AFTER TRUNCATE ON produto FOR EACH STATEMENT EXECUTE FUNCTION acervo_palavras_esvaziar();
--> statement-breakpoint
CREATE TRIGGER produto_palavra_contribuidor_esvaziar AFTER TRUNCATE ON produto_contribuidor FOR EACH STATEMENT EXECUTE FUNCTION acervo_palavras_esvaziar();
--> statement-breakpoint
-- The catalogue already stored.
INSERT INTO produto_palavra (origem, palavra, produto_id)
  SELECT 1, l, p.id FROM produto p, unnest(tsvector_to_array(p.titulo_palavras)) l
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO produto_palavra (origem, palavra, produto_id)
  SELECT DISTINCT 2, x, c.produto_id FROM produto_contribuidor c, regexp_split_to_table(c.nome_busca, '[^[:alnum:]]+') x WHERE x <> ''
  ON CONFLICT DO NOTHING;
