-- NERIS (issue 30): every submission of an incident report to the NERIS API, accepted or not,
-- with the payload sent and what NERIS answered, so a department can show what it reported and
-- when. The NERIS Incident entity type itself is written at start from the generated definition
-- (modules/neris/core-type.ts), not here: a new framework version updates it without a migration.
CREATE TABLE neris_submission (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL,
  submitted_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL CHECK (status IN ('accepted', 'failed')),
  http_status integer,
  neris_id text,
  message text,
  payload jsonb NOT NULL,
  response jsonb,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX neris_submission_entity_idx ON neris_submission (tenant_id, entity_id, submitted_at DESC);
SELECT enable_tenant_isolation('neris_submission');
