-- Actions (spec 02 §3, 03 §3): what ran, when and how it ended, per record; and which
-- executable actions a record has already fired (they run once, the first time a save makes
-- their rules true).
ALTER TABLE entity ADD COLUMN action_state jsonb NOT NULL DEFAULT '{}';

CREATE TABLE action_history (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL,
  action_id text NOT NULL,
  action_name text NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('save', 'daily', 'force')),
  status text NOT NULL CHECK (status IN ('completed', 'failed', 'not_configured')),
  detail text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, entity_id) REFERENCES entity (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX action_history_entity_idx ON action_history (tenant_id, entity_id, created_at DESC);
SELECT enable_tenant_isolation('action_history');
