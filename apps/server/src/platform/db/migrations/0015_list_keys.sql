-- A searched list page reads one short posting list per condition (issue 6 performance targets,
-- docs/decisions/0016-list-keys.md).
--
-- entity_list_gin_idx keys trigrams and field values across every department and type, so a
-- search in one department intersected lists of the whole table: 'map' of every title, 'high'
-- of every record, and the department's and type's own 100,000 entries (6-9 ms of a 9 ms page).
-- Here each key is scoped to its department and type before it is hashed: the trigrams of the
-- display name, the place, and each top-level field value (a scalar, or each scalar of a list),
-- so the same search reads a few hundred entries of its own department's lists. Keys are only a
-- coarse sieve: the list keeps its exact conditions (ILIKE, jsonb containment) and the index is
-- used only when they are there too, so a hash collision costs a row read, never a wrong answer.

-- An index's expressions run with a search_path of pg_catalog only (PostgreSQL 17), so the
-- functions name pg_trgm's schema, wherever it was installed.
DO $$
DECLARE
  trgm text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm');
BEGIN
-- The keys of a stored record. A field value is keyed as text the way a list filter spells it:
-- a string as itself, a boolean as true or false, a number without trailing zeros; strings
-- longer than a filter value (255) never equal one and are left out.
EXECUTE format($f$
CREATE FUNCTION entity_list_keys(tenant_id uuid, entity_type_id uuid, display_name text, place text, data jsonb)
RETURNS int4[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $body$
  SELECT coalesce(array_agg(DISTINCT hashtext(scope || k)), '{}')
  FROM (SELECT coalesce(tenant_id::text, '') || entity_type_id::text AS scope) s,
  LATERAL (
    SELECT 't' || t AS k FROM unnest(%1$I.show_trgm(coalesce(display_name, ''))) t
    UNION ALL SELECT 'p' || place WHERE place IS NOT NULL
    UNION ALL
    SELECT 'f' || e.key || '=' || CASE jsonb_typeof(v)
        WHEN 'string' THEN v #>> '{}' WHEN 'number' THEN trim_scale(v::numeric)::text ELSE v::text END
    FROM jsonb_each(CASE WHEN jsonb_typeof(data) = 'object' THEN data ELSE '{}' END) e,
    LATERAL (
      SELECT e.value AS v WHERE jsonb_typeof(e.value) <> 'array'
      UNION ALL
      SELECT x FROM jsonb_array_elements(CASE WHEN jsonb_typeof(e.value) = 'array' THEN e.value ELSE '[]' END) x
    ) vs
    WHERE jsonb_typeof(v) IN ('string', 'number', 'boolean') AND (jsonb_typeof(v) <> 'string' OR length(v #>> '{}') <= 255)
  ) keys
$body$
$f$, trgm);

-- The keys every record a list asks for holds: the trigrams inside the words of its search
-- (plain lower-case ASCII only: padded word ends and hashed non-ASCII trigrams of the search
-- need not be a title's), its place, and its field filters as 'property=value'.
EXECUTE format($f$
CREATE FUNCTION entity_list_query_keys(tenant_id uuid, entity_type_id uuid, search text, place text, filters text[])
RETURNS int4[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $body$
  SELECT coalesce(array_agg(DISTINCT hashtext(scope || k)), '{}')
  FROM (SELECT coalesce(tenant_id::text, '') || entity_type_id::text AS scope) s,
  LATERAL (
    SELECT 't' || t AS k FROM unnest(%1$I.show_trgm(coalesce(search, ''))) t WHERE t ~ '^[a-z0-9]{3}$'
    UNION ALL SELECT 'p' || place WHERE place IS NOT NULL
    UNION ALL SELECT 'f' || f FROM unnest(coalesce(filters, '{}')) f
  ) keys
$body$
$f$, trgm);
END $$;

-- A save adds its some 40 keys to the index's pending list (GIN's fastupdate, as the other
-- list index does): written one by one into their posting lists they cost a save 2.7 ms of
-- database CPU, merged in batches a fraction of that. Every search reads the pending list as
-- well, so it is merged at 1 MB rather than the default 4 MB (or earlier, by autovacuum).
CREATE INDEX entity_list_keys_idx ON entity
  USING gin (entity_list_keys(tenant_id, entity_type_id, display_name, place, data)) WITH (gin_pending_list_limit = 1024)
  WHERE deleted_at IS NULL;
