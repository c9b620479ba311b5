-- List pages that stay on their indexes under tenant isolation (issue 6 performance targets,
-- docs/decisions/0012-list-performance.md).
--
-- Row-level security lets the planner use an index for a query's own condition only when the
-- condition's operators are leakproof; ILIKE, jsonb containment and full text match are not,
-- so under the policy every list filter ran as a filter over the whole tenant's rows. List
-- pages therefore read `entity_in_tenant`: a view with the very predicate of the
-- tenant_isolation policy, owned by a role that bypasses row-level security, so the planner
-- combines the tenant predicate, the search and the field filters freely with their indexes.
-- Writes, single reads and every other table keep row-level security. Where the migrating
-- role may not create such an owner, the view stays owned by the table owner, whom the forced
-- policy still binds: correct, only slower.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

-- One GIN index answers a list page's conditions together inside one department and type:
-- the text search of display names ('%maple%', trigrams) and field filters (jsonb
-- containment), so only the records that match every condition are read from the table.
CREATE INDEX entity_list_gin_idx ON entity
  USING gin (tenant_id, entity_type_id, display_name gin_trgm_ops, data jsonb_path_ops)
  WHERE deleted_at IS NULL;

CREATE VIEW entity_in_tenant AS
  SELECT * FROM entity
  WHERE tenant_id = (SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid)
     OR (SELECT current_setting('app.is_global', true) = 'on');

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'turnout_list_reader') THEN
    CREATE ROLE turnout_list_reader NOLOGIN BYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation OR insufficient_privilege THEN NULL;
END $$;

DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'turnout_list_reader' AND rolbypassrls) THEN
    GRANT SELECT ON entity TO turnout_list_reader;
    IF NOT pg_has_role(current_user, 'turnout_list_reader', 'MEMBER') THEN
      EXECUTE format('GRANT turnout_list_reader TO %I', current_user);
    END IF;
    ALTER VIEW entity_in_tenant OWNER TO turnout_list_reader;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'entity_in_tenant stays owned by %: list pages keep row-level security (slower)', current_user;
END $$;
