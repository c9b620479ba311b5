-- Row-level security closes its gaps (issue 19 #7; docs/decisions/0021-security-hardening.md).
--
-- 1. "Global" no longer comes from a setting. Until now a policy let every row through when
--    app.is_global was 'on', and turnout_app, the role requests run as, may set any app.*
--    setting itself: one injected set_config() reached every tenant. Now global work runs as
--    its own role, turnout_global (NOLOGIN, NOBYPASSRLS, the same table rights as turnout_app),
--    and a policy lets every row through only for a member of that role. Membership is not
--    something turnout_app can give itself: GRANT needs CREATEROLE or the admin option. The
--    schema owner is a member (it switches into the role, and its own look-ups across tenants
--    - sign-in, sessions, the seed - keep working when it is not a superuser under FORCE).
-- 2. role_assignment, user_session and sensitive_action get policies like every other table
--    with a tenant_id. Their tenant_id may be NULL (a global role, a session not yet in a
--    department, a system-level entry): role assignments are read like entity types (a
--    department also sees the global ones, e.g. to notify global admins), sessions and
--    sensitive actions like tenant-owned rows (NULL rows only globally).

DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'turnout_global') THEN
    CREATE ROLE turnout_global NOLOGIN NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;

-- SECURITY INVOKER on purpose: a definer function would see its owner as current_user. Called
-- in a scalar subquery, so it runs once per query, not once per row.
CREATE FUNCTION acts_globally() RETURNS boolean LANGUAGE sql STABLE SECURITY INVOKER AS $fn$
  SELECT pg_has_role(current_user, 'turnout_global', 'MEMBER')
$fn$;

CREATE OR REPLACE FUNCTION enable_tenant_isolation(tbl regclass) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format($p$CREATE POLICY tenant_isolation ON %s
    USING (tenant_id = (SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid)
           OR (SELECT acts_globally()))
    WITH CHECK (tenant_id = (SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid)
           OR (SELECT acts_globally()))$p$, tbl);
END
$fn$;

CREATE OR REPLACE FUNCTION enable_shared_isolation(tbl regclass) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format($p$CREATE POLICY shared_isolation ON %s
    USING (tenant_id IS NULL
           OR tenant_id = (SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid)
           OR (SELECT acts_globally()))
    WITH CHECK (tenant_id = (SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid)
           OR (SELECT acts_globally()))$p$, tbl);
END
$fn$;

-- Every existing policy is made again by the functions above.
DO $$
DECLARE
  p record;
BEGIN
  FOR p IN
    SELECT c.oid::regclass AS tbl, pol.polname AS name
    FROM pg_policy pol JOIN pg_class c ON c.oid = pol.polrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND pol.polname IN ('tenant_isolation', 'shared_isolation')
  LOOP
    EXECUTE format('DROP POLICY %I ON %s', p.name, p.tbl);
    IF p.name = 'tenant_isolation' THEN
      PERFORM enable_tenant_isolation(p.tbl);
    ELSE
      PERFORM enable_shared_isolation(p.tbl);
    END IF;
  END LOOP;
END $$;

SELECT enable_shared_isolation('role_assignment');
SELECT enable_tenant_isolation('user_session');
SELECT enable_tenant_isolation('sensitive_action');

-- The list view (migration 0013) carries the same predicate itself.
CREATE OR REPLACE VIEW entity_in_tenant AS
  SELECT * FROM entity
  WHERE tenant_id = (SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid)
     OR (SELECT acts_globally());
