-- Terminal search (issue 16, docs/terminal-search.md). Three additions to the catalogue search:
-- 1. terminal_vocabulo: every distinct normalised word (acervo_normalize, split on anything not a
--    letter or digit, 4+ characters) of titles, subtitles, collections, contributor names,
--    publisher and imprint names. It is what typo tolerance searches: a typed word of 5+ letters
--    is compared with the words of similar length that share its first or last half (pg_trgm
--    LIKE through the trigram index), and the edit distance is checked in the application.
--    Insert-only (a word no product uses any more stays, matching nothing): kept by triggers in
--    the writing statement's transaction, never written by the application.
-- 2. produto_selo_idx: products of an imprint (the search's imprint arm).
-- 3. produto_colecao_trgm: accent-insensitive match on the collection / series name.
CREATE TABLE "terminal_vocabulo" (
	"palavra" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "terminal_vocabulo_trgm" ON "terminal_vocabulo" USING gin ("palavra" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "produto_selo_idx" ON "produto" USING btree ("selo_id");
--> statement-breakpoint
CREATE INDEX "produto_colecao_trgm" ON "produto" USING gin (acervo_normalize("colecao") gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION acervo_vocabulo_inserir(texto text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO terminal_vocabulo (palavra)
    SELECT DISTINCT x FROM regexp_split_to_table(acervo_normalize(texto), '[^[:alnum:]]+') x WHERE length(x) >= 4
    ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
-- Statement-level for inserts (a batch of 1,000 products is one INSERT here); row-level with a WHEN
-- for updates, so the many updates that leave the texts alone call nothing.
CREATE FUNCTION acervo_vocabulo_produtos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO terminal_vocabulo (palavra)
    SELECT DISTINCT x FROM novos n,
      regexp_split_to_table(acervo_normalize(coalesce(n.titulo, '') || ' ' || coalesce(n.subtitulo, '') || ' ' || coalesce(n.colecao, '')), '[^[:alnum:]]+') x
    WHERE length(x) >= 4
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER produto_vocabulo_inclusao AFTER INSERT ON produto REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION acervo_vocabulo_produtos();
--> statement-breakpoint
CREATE FUNCTION acervo_vocabulo_produto_alterado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM acervo_vocabulo_inserir(coalesce(NEW.titulo, '') || ' ' || coalesce(NEW.subtitulo, '') || ' ' || coalesce(NEW.colecao, ''));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER produto_vocabulo_alteracao AFTER UPDATE ON produto FOR EACH ROW
  WHEN (OLD.titulo IS DISTINCT FROM NEW.titulo OR OLD.subtitulo IS DISTINCT FROM NEW.subtitulo OR OLD.colecao IS DISTINCT FROM NEW.colecao)
  EXECUTE FUNCTION acervo_vocabulo_produto_alterado();
--> statement-breakpoint
CREATE FUNCTION acervo_vocabulo_contribuidores() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO terminal_vocabulo (palavra)
    SELECT DISTINCT x FROM novos n, regexp_split_to_table(n.nome_busca, '[^[:alnum:]]+') x WHERE length(x) >= 4
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER produto_contribuidor_vocabulo_inclusao AFTER INSERT ON produto_contribuidor REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION acervo_vocabulo_contribuidores();
--> statement-breakpoint
CREATE TRIGGER produto_contribuidor_vocabulo_alteracao AFTER UPDATE ON produto_contribuidor REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION acervo_vocabulo_contribuidores();
--> statement-breakpoint
CREATE FUNCTION acervo_vocabulo_nomes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO terminal_vocabulo (palavra)
    SELECT DISTINCT x FROM novos n, regexp_split_to_table(acervo_normalize(n.nome), '[^[:alnum:]]+') x WHERE length(x) >= 4
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER editora_vocabulo_inclusao AFTER INSERT ON editora REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION acervo_vocabulo_nomes();
--> statement-breakpoint
CREATE TRIGGER editora_vocabulo_alteracao AFTER UPDATE ON editora REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION acervo_vocabulo_nomes();
--> statement-breakpoint
CREATE TRIGGER selo_vocabulo_inclusao AFTER INSERT ON selo REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION acervo_vocabulo_nomes();
--> statement-breakpoint
CREATE TRIGGER selo_vocabulo_alteracao AFTER UPDATE ON selo REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION acervo_vocabulo_nomes();
--> statement-breakpoint
-- The catalogue already stored.
INSERT INTO terminal_vocabulo (palavra)
  SELECT x FROM produto p,
    regexp_split_to_table(acervo_normalize(coalesce(p.titulo, '') || ' ' || coalesce(p.subtitulo, '') || ' ' || coalesce(p.colecao, '')), '[^[:alnum:]]+') x
  WHERE length(x) >= 4
  UNION SELECT x FROM produto_contribuidor c, regexp_split_to_table(c.nome_busca, '[^[:alnum:]]+') x WHERE length(x) >= 4
  UNION SELECT x FROM editora e, regexp_split_to_table(acervo_normalize(e.nome), '[^[:alnum:]]+') x WHERE length(x) >= 4
  UNION SELECT x FROM selo s, regexp_split_to_table(acervo_normalize(s.nome), '[^[:alnum:]]+') x WHERE length(x) >= 4
  ON CONFLICT DO NOTHING;
