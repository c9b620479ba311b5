-- People watching a record get notified when it changes (spec 01 §7 toggleWatch).
CREATE TABLE entity_watcher (
  tenant_id uuid NOT NULL,
  entity_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, entity_id, user_id),
  FOREIGN KEY (tenant_id, entity_id) REFERENCES entity (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX entity_watcher_user_idx ON entity_watcher (tenant_id, user_id);
SELECT enable_tenant_isolation('entity_watcher');
