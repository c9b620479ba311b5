-- Uploaded files (spec 01 §3 'File'): what a file is and who may see it. The bytes live in the
-- blob store (FILE_STORE) under `path`; see apps/server/src/platform/blobs/README.md.
-- A file may belong to a record's file field (entity_id, entity_field_property); the record's
-- type is kept beside it so that lists can hide files of types the reader may not view.

CREATE TABLE file (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  original_name text NOT NULL,
  -- The blob key: <tenant_id>/<yyyy>/<mm>/<id>.
  path text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  md5 text NOT NULL CHECK (md5 ~ '^[0-9a-f]{32}$'),
  -- From the file's first bytes and its extension, never from the client's Content-Type.
  mime_type text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  entity_id uuid,
  entity_type_id uuid,
  -- The spec's entity_field_id: the property of the field in the record's type.
  entity_field_property text,
  -- The client's id for an upload queued offline: a retried upload finds the first one.
  offline_id text,
  is_restricted boolean NOT NULL DEFAULT false,
  -- Role keys allowed to read a restricted file; empty and not restricted = everyone in the tenant.
  visible_to text[] NOT NULL DEFAULT '{}',
  deleted_at timestamptz,
  deleted_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, entity_id) REFERENCES entity (tenant_id, id) ON DELETE SET NULL (entity_id)
);
CREATE UNIQUE INDEX file_offline_id_key ON file (tenant_id, offline_id) WHERE offline_id IS NOT NULL;
CREATE INDEX file_created_idx ON file (tenant_id, created_at DESC, id) WHERE deleted_at IS NULL;
CREATE INDEX file_entity_idx ON file (tenant_id, entity_id) WHERE entity_id IS NOT NULL;
SELECT enable_tenant_isolation('file');
