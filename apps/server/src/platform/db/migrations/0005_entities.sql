-- Records (spec 01 §3 'Entity', 02 §3 'Entity'): the columns every record has, and `data`
-- (jsonb) for the values of its type's fields, keyed by field property. Every save writes a
-- version snapshot. Records are the large tenant-owned table: distributed by tenant_id.
-- Generic (system) records without a tenant are not stored here (docs/decisions/0007).

CREATE TABLE entity (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- The client's id for a record saved offline: a retried upload finds the first one.
  offline_id text,
  entity_type_id uuid NOT NULL REFERENCES entity_type (id),
  display_name text NOT NULL DEFAULT '',
  uri text,
  place text NOT NULL DEFAULT 'created',
  assignee uuid,
  assignee_2 uuid,
  assignee_3 uuid,
  assignee_4 uuid,
  assignee_5 uuid,
  parent_entity_id uuid,
  due_at timestamptz,
  created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  updated_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  data jsonb NOT NULL DEFAULT '{}',
  data_requiring_approval jsonb NOT NULL DEFAULT '{}',
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', coalesce(display_name, '')), 'A') ||
    setweight(jsonb_to_tsvector('simple', data, '["string"]'), 'B')
  ) STORED,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, parent_entity_id) REFERENCES entity (tenant_id, id)
);
CREATE UNIQUE INDEX entity_offline_id_key ON entity (tenant_id, offline_id) WHERE offline_id IS NOT NULL;
CREATE INDEX entity_type_updated_idx ON entity (tenant_id, entity_type_id, updated_at DESC, id) WHERE deleted_at IS NULL;
CREATE INDEX entity_type_name_idx ON entity (tenant_id, entity_type_id, lower(display_name), id) WHERE deleted_at IS NULL;
CREATE INDEX entity_search_idx ON entity USING gin (search);
CREATE INDEX entity_data_idx ON entity USING gin (data jsonb_path_ops);
SELECT enable_tenant_isolation('entity');

CREATE TABLE entity_version (
  tenant_id uuid NOT NULL,
  entity_id uuid NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  responsible_user_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
  responsible_user_name text NOT NULL DEFAULT '',
  model_data jsonb NOT NULL,
  PRIMARY KEY (tenant_id, entity_id, version),
  FOREIGN KEY (tenant_id, entity_id) REFERENCES entity (tenant_id, id) ON DELETE CASCADE
);
SELECT enable_tenant_isolation('entity_version');
