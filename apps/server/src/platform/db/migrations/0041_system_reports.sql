-- System reports (issue 27; spec 03 §2 'Reports', §3 'System report'; docs/decisions/0027-reports.md):
-- a named list of one entity type with saved filters (filter_body: the list's own query string,
-- checked by the reports module when saved), the fields shown, an optional grouping and whether
-- rows link to their records. A table of the reports module rather than a core entity type: its
-- filter_body and report_fields are checked against another type's fields when it is saved (422),
-- which the entity engine's generic field validation cannot express.
CREATE TABLE system_report (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  display_name text NOT NULL,
  report_entity_type text NOT NULL,
  report_fields jsonb NOT NULL DEFAULT '[]',
  filter_body jsonb NOT NULL DEFAULT '{}',
  group_by_params jsonb NOT NULL DEFAULT '[]',
  view_only_no_click_through boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX system_report_name_idx ON system_report (tenant_id, display_name);
SELECT enable_tenant_isolation('system_report');
