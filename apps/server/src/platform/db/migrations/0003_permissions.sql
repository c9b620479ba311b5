-- Permissions (issue 4): the system defaults (global) and what tenants, acting roles and
-- people set (tenant-owned). Each row is one key's entry at one level: a JSON object of
-- action → true | false | null.

CREATE TABLE system_permission (
  key text PRIMARY KEY,
  entry jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES app_user (id) ON DELETE SET NULL
);

CREATE TABLE tenant_permission (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  level text NOT NULL CHECK (level IN ('tenant', 'role', 'personnel')),
  -- '' at tenant level, the role key at role level, the personnel id at personnel level.
  subject text NOT NULL DEFAULT '',
  key text NOT NULL,
  entry jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  PRIMARY KEY (tenant_id, level, subject, key)
);
SELECT enable_tenant_isolation('tenant_permission');

-- The notice board is open to every member by default; admins may narrow it.
INSERT INTO system_permission (key, entry) VALUES ('notice', '{"view": true, "create": true}');
