-- Public forms (spec 01 §2.1, §7; 02 §2; docs/decisions/0029-public-forms.md): what anonymous
-- visitors did through a signed link, for the per-address and per-link rate limits, to know
-- which files a visitor uploaded (they may attach those, and only those, to their submission),
-- and to refuse a captcha solution used twice. It holds no record data. Row-level security as
-- everywhere; the per-address limit and the used captchas are read across tenants on purpose
-- (modules/public-forms/repository.ts unsafeAcrossTenants).
CREATE TABLE public_form_event (
  id bigint GENERATED ALWAYS AS IDENTITY,
  kind text NOT NULL CHECK (kind IN ('submit', 'upload')),
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  entity_type_id uuid NOT NULL,
  ip text NOT NULL,
  -- The uploaded file (kind upload) or the record created (kind submit).
  file_id uuid,
  entity_id uuid,
  -- A captcha solution, once used (the service also refuses one used in another tenant).
  proof text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, proof)
);
CREATE INDEX public_form_event_ip_idx ON public_form_event (ip, kind, created_at DESC);
CREATE INDEX public_form_event_link_idx ON public_form_event (tenant_id, entity_type_id, kind, created_at DESC);
CREATE INDEX public_form_event_file_idx ON public_form_event (file_id) WHERE file_id IS NOT NULL;
SELECT enable_tenant_isolation('public_form_event');
