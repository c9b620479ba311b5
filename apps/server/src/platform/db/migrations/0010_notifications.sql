-- Notifications (spec 01 §2.10, §3 'Notification'): one row per recipient, data {subject, path}.
-- A user reads only their own (the service filters by user_id); RLS keeps each tenant's apart.
CREATE TABLE notification (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  PRIMARY KEY (tenant_id, id)
);
-- The list (newest first) and the unread count of one user in one tenant.
CREATE INDEX notification_user_idx ON notification (tenant_id, user_id, created_at DESC, id);
CREATE INDEX notification_unread_idx ON notification (tenant_id, user_id) WHERE read_at IS NULL;
SELECT enable_tenant_isolation('notification');
