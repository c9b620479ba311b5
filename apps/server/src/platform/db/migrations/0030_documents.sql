-- Documents (issue 26; spec 01 §2.9, §3 'Folder'): the department's library. A folder or a
-- document sits in one library: a member's own ('My Documents', owner_user_id) or a station's
-- (station_id, a record of the core 'station' type). A document is a place for a file of the
-- files module (its bytes in the blob store); folder_id NULL is the library's top level.
-- See docs/decisions/0026-documents.md.

CREATE TABLE document_folder (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  folder_name text NOT NULL CHECK (length(folder_name) BETWEEN 1 AND 255),
  parent_folder uuid,
  owner_user_id uuid REFERENCES app_user (id) ON DELETE CASCADE,
  station_id uuid,
  created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK ((owner_user_id IS NULL) <> (station_id IS NULL)),
  FOREIGN KEY (tenant_id, parent_folder) REFERENCES document_folder (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, station_id) REFERENCES entity (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX document_folder_parent_idx ON document_folder (tenant_id, parent_folder);
CREATE INDEX document_folder_library_idx ON document_folder (tenant_id, station_id, owner_user_id);
SELECT enable_tenant_isolation('document_folder');

CREATE TABLE document (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  file_id uuid NOT NULL,
  folder_id uuid,
  owner_user_id uuid REFERENCES app_user (id) ON DELETE CASCADE,
  station_id uuid,
  -- One document per tenant is the member handbook (GET /handbook).
  is_handbook boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK ((owner_user_id IS NULL) <> (station_id IS NULL)),
  FOREIGN KEY (tenant_id, file_id) REFERENCES file (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, folder_id) REFERENCES document_folder (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, station_id) REFERENCES entity (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX document_folder_list_idx ON document (tenant_id, folder_id, created_at DESC, id);
CREATE INDEX document_library_idx ON document (tenant_id, station_id, owner_user_id) WHERE folder_id IS NULL;
CREATE INDEX document_file_idx ON document (tenant_id, file_id);
CREATE UNIQUE INDEX document_handbook_key ON document (tenant_id) WHERE is_handbook;
SELECT enable_tenant_isolation('document');

-- Everyone in a department may browse and add to its library by default; renaming, moving and
-- deleting are for tenant admins and whom they grant it (a member's own library is theirs).
INSERT INTO system_permission (key, entry) VALUES ('document', '{"view": true, "create": true}') ON CONFLICT (key) DO NOTHING;
INSERT INTO system_permission (key, entry) VALUES ('document_folder', '{"view": true, "create": true}') ON CONFLICT (key) DO NOTHING;

-- Stations are records of the tenant: a core, global 'station' type when none exists.
INSERT INTO entity_type (name, label, sort_order, is_core, is_global, object_data)
SELECT 'station', 'Station', 6, true, true, '{"icon": "building"}'::jsonb
WHERE NOT EXISTS (SELECT 1 FROM entity_type WHERE tenant_id IS NULL AND lower(name) = 'station' AND deleted_at IS NULL);
INSERT INTO entity_type_field (entity_type_id, tenant_id, offline_id, property, title, field_data)
SELECT t.id, NULL, 'core-station-name', 'station_name', 'Station Name',
  '{"property": "station_name", "title": "Station Name", "type": "single-text", "page": 1, "sort_order": 1, "table_sort_order": 1,
    "validation": {"required": true}, "permissions": {"visible_to": ["ALL"], "modifiable_by": ["ALL"]},
    "flags": {"tableView": true, "tableSortable": true}, "params": {}}'::jsonb
FROM entity_type t
WHERE t.tenant_id IS NULL AND t.name = 'station' AND t.deleted_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM entity_type_field f WHERE f.entity_type_id = t.id AND f.deleted_at IS NULL);
INSERT INTO system_permission (key, entry) VALUES ('station', '{"view": true}') ON CONFLICT (key) DO NOTHING;
