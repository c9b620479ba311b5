-- Dashboards and widgets (issue 24; docs/decisions/0024-widgets.md). A widget counts the records
-- of one entity type that a list with its filters would show the person looking; its settings
-- (filters, the fields it aggregates) are kept as JSON checked by the widgets module. A kiosk key
-- (a random secret, kept as its SHA-256) lets a station's wall screen show an activity feed
-- without a person's session; making a new key or turning it off revokes the old link.
CREATE TABLE dashboard (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
SELECT enable_tenant_isolation('dashboard');

CREATE TABLE widget (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  color text NOT NULL,
  render_type text NOT NULL,
  group_function text NOT NULL,
  position text NOT NULL,
  entity_type_target text NOT NULL,
  dashboards uuid[] NOT NULL DEFAULT '{}',
  settings jsonb NOT NULL DEFAULT '{}',
  sort_order integer NOT NULL DEFAULT 0,
  kiosk_key_hash text,
  kiosk_issued_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  kiosk_role text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX widget_position_idx ON widget (tenant_id, position, sort_order);
SELECT enable_tenant_isolation('widget');
