-- Long-running jobs (spec 01 §4 'Long-running export or import is polled every 3 seconds',
-- §7 GET /long-running-job-notes/{id}; docs/decisions/0017-long-running-jobs.md): one table is
-- both the queue that every server process takes work from (FOR UPDATE SKIP LOCKED) and what
-- the person who started a job reads back (status, progress, notes, result url).

CREATE TABLE long_running_job (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- Who started it: the job runs as them (their acting role, at the time they started it).
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  acting jsonb NOT NULL DEFAULT '{}',
  -- What kind of work (a handler registered by a module: 'csv-import', 'xml-import', …).
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9-]{0,59}$'),
  params jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'started', 'complete')),
  -- 0 to 100; null while unknown.
  progress smallint CHECK (progress BETWEEN 0 AND 100),
  -- What the kind reports as it goes (an import's rows, ignored fields, failed rows, …).
  notes jsonb NOT NULL DEFAULT '{}',
  result_url text,
  error text,
  attempts integer NOT NULL DEFAULT 0,
  -- A started job whose process stopped beating for the lease is taken again by another.
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  PRIMARY KEY (tenant_id, id)
);
-- The queue: what is waiting or running, oldest first.
CREATE INDEX long_running_job_waiting_idx ON long_running_job (created_at) WHERE status <> 'complete';
CREATE INDEX long_running_job_user_idx ON long_running_job (tenant_id, user_id, created_at);
SELECT enable_tenant_isolation('long_running_job');

-- The XML importer (spec 02 §3, §5, §7; docs/decisions/0018-imports.md): a global core type
-- whose records hold an importer's configuration in one custom-functionality field of kind
-- xml-field-mapper (the web draws its form); POST /xml-import/{id} runs it.
SELECT set_config('app.is_global', 'on', true);
INSERT INTO entity_type (name, label, sort_order, pages, is_core, is_global, object_data, allowed_transitions)
VALUES ('xml_importer', 'XML Importer', 1000004, 1, true, true, '{"icon":"file-import","page_labels":["Importer"],"formtitle":"{name}"}', '[{"name":"mark_as_created","generates_tasks":[]}]');
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-xml_importer-name', 'name', 'Name', '{"property":"name","title":"Name","type":"single-text","page":1,"sort_order":10,"table_sort_order":10,"validation":{"required":true},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{"tableView":true,"tableSortable":true},"params":{}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'xml_importer' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-xml_importer-configuration', 'configuration', 'Importer', '{"property":"configuration","title":"Importer","type":"custom-functionality","page":1,"sort_order":20,"table_sort_order":10000,"validation":{},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{},"params":{"customFunctionalityType":"xml-field-mapper"}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'xml_importer' AND deleted_at IS NULL;
