-- Entity types (spec 02 §3, 03 §3): a type is global (tenant_id NULL, every tenant sees it)
-- or a tenant's own. Its fields are rows of their own, so that a tenant can add its own
-- fields to a global type (tenant_id set on the field). Actions, alarms, reports and allowed
-- transitions are JSON documents of the type. Types and fields are small metadata shared
-- with every node: under Citus they become reference tables (docs/decisions/0002).

-- Tables that mix global rows (tenant_id NULL) with tenant rows: everyone reads the global
-- rows and their own tenant's; writes go only to their own tenant's rows, global rows only
-- with app.is_global on (global admins). Fails closed like enable_tenant_isolation.
CREATE FUNCTION enable_shared_isolation(tbl regclass) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format($p$CREATE POLICY shared_isolation ON %s
    USING (tenant_id IS NULL
           OR tenant_id = (SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid)
           OR (SELECT current_setting('app.is_global', true) = 'on'))
    WITH CHECK (tenant_id = (SELECT NULLIF(current_setting('app.tenant_id', true), '')::uuid)
           OR (SELECT current_setting('app.is_global', true) = 'on'))$p$, tbl);
END
$fn$;

CREATE TABLE entity_type (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid REFERENCES tenant (id) ON DELETE CASCADE,
  name text NOT NULL,
  label text NOT NULL,
  sort_order double precision NOT NULL DEFAULT 1,
  pages integer NOT NULL DEFAULT 1 CHECK (pages >= 1),
  is_module boolean NOT NULL DEFAULT false,
  is_core boolean NOT NULL DEFAULT false,
  is_task boolean NOT NULL DEFAULT false,
  is_global boolean NOT NULL DEFAULT false,
  date_significant boolean NOT NULL DEFAULT false,
  object_data jsonb NOT NULL DEFAULT '{}',
  actions jsonb NOT NULL DEFAULT '[]',
  alarms jsonb NOT NULL DEFAULT '[]',
  reports jsonb NOT NULL DEFAULT '[]',
  allowed_transitions jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- A name is unique among the global types and within a tenant (the API checks that a tenant's
-- type does not take a global type's name).
CREATE UNIQUE INDEX entity_type_name_key ON entity_type (COALESCE(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name)) WHERE deleted_at IS NULL;
CREATE INDEX entity_type_tenant_idx ON entity_type (tenant_id, sort_order);
SELECT enable_shared_isolation('entity_type');

CREATE TABLE entity_type_field (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_type_id uuid NOT NULL REFERENCES entity_type (id) ON DELETE CASCADE,
  -- NULL: a field of a global type; set: a field of a tenant's type, or a tenant's own field
  -- added to a global type.
  tenant_id uuid REFERENCES tenant (id) ON DELETE CASCADE,
  offline_id text,
  property text NOT NULL,
  title text NOT NULL DEFAULT '',
  field_data jsonb NOT NULL,
  -- Insertion order: fields with the same page and sort_order keep the order they were added in.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX entity_type_field_property_key ON entity_type_field (entity_type_id, COALESCE(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(property)) WHERE deleted_at IS NULL;
CREATE INDEX entity_type_field_type_idx ON entity_type_field (entity_type_id);
SELECT enable_shared_isolation('entity_type_field');
