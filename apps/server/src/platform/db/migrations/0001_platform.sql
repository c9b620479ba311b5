-- Platform tables: tenants, users and their sessions, and the example tenant-owned table.
-- Every tenant-owned table carries tenant_id first in its primary key, its unique constraints
-- and its foreign keys, so that it can be distributed by tenant_id (Citus) without redesign.
-- See docs/decisions/0002-tenant-isolation.md.

CREATE TABLE tenant (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  display_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tenant_name_key ON tenant (lower(name));

CREATE TABLE app_user (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  display_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX app_user_email_key ON app_user (lower(email));

-- Opaque bearer tokens, stored only as their SHA-256 hash.
CREATE TABLE user_session (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  tenant_id uuid REFERENCES tenant (id) ON DELETE CASCADE,
  acting_role text,
  is_global boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX user_session_user_idx ON user_session (user_id);

-- The example tenant-owned table: a department notice board.
CREATE TABLE notice (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX notice_tenant_created_idx ON notice (tenant_id, created_at DESC, id);

-- The tenant policy of every tenant-owned table, made by one function so that each later
-- migration says only `SELECT enable_tenant_isolation('table');`. It fails closed: with
-- app.tenant_id missing or empty, NULLIF gives NULL, the comparison is not true and no row is
-- visible or writable. Global admins (app.is_global = 'on') see every tenant. The settings are
-- read in scalar subqueries so that PostgreSQL evaluates them once per query (an InitPlan),
-- not once per row. FORCE makes the policy apply to the table owner too.
CREATE FUNCTION enable_tenant_isolation(tbl regclass) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format($p$CREATE POLICY tenant_isolation ON %s
    USING (tenant_id = (SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid)
           OR (SELECT current_setting('app.is_global', true) = 'on'))
    WITH CHECK (tenant_id = (SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid)
           OR (SELECT current_setting('app.is_global', true) = 'on'))$p$, tbl);
END
$fn$;

SELECT enable_tenant_isolation('notice');
