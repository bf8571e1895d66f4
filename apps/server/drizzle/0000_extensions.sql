-- Extensions and helper functions the schema needs (PGlite loads pg_trgm and unaccent as
-- extensions; on PostgreSQL they come from the contrib package).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- Lower-case, accent-free text for search columns and search terms. IMMUTABLE so it can feed a
-- generated column and an index: the unaccent dictionary is named explicitly.
CREATE OR REPLACE FUNCTION acervo_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
