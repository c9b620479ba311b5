-- The calendar (spec 02 §2, §3 'Recurring event', §7; docs/decisions/0023-calendar.md).
-- A recurring event is a definition: a source entity type, a preset of spec 02 §9 (or a
-- custom rule), a wall-clock start in its time zone and the prefills of the records it makes.
-- Its occurrences are virtual (computed with rrule) until one is opened or falls due; each
-- made record is written once in recurring_event_occurrence, whose primary key makes a
-- second process's attempt for the same occurrence a no-op.

CREATE TABLE recurring_event (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  entity_type_id uuid NOT NULL REFERENCES entity_type (id),
  title text NOT NULL,
  -- 'entity' (Create New Entity) or 'schedule' (Create Schedule Item).
  mode text NOT NULL DEFAULT 'entity' CHECK (mode IN ('entity', 'schedule')),
  event_key text NOT NULL,
  platoon text CHECK (platoon IN ('A', 'B', 'C')),
  origin_day date NOT NULL,
  ends_on date,
  start_time text NOT NULL DEFAULT '07:00',
  duration_minutes integer NOT NULL DEFAULT 60,
  all_day boolean NOT NULL DEFAULT false,
  time_zone text NOT NULL,
  custom_key text,
  custom_key_n integer,
  on_day_of_period jsonb,
  on_week_of_period integer,
  prefills jsonb NOT NULL DEFAULT '{"prefillFields":{}}',
  -- Records are made for occurrences starting after this instant (the daily job).
  active_at timestamptz NOT NULL DEFAULT now(),
  virtual_event_created_date timestamptz,
  -- The daily job makes records as the person who saved the definition, in the role they acted in.
  created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_role text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  CHECK (ends_on IS NULL OR ends_on >= origin_day)
);
CREATE INDEX recurring_event_tenant_idx ON recurring_event (tenant_id, created_at) WHERE deleted_at IS NULL;
SELECT enable_tenant_isolation('recurring_event');

CREATE TABLE recurring_event_occurrence (
  tenant_id uuid NOT NULL,
  recurring_event_id uuid NOT NULL,
  starts_at timestamptz NOT NULL,
  entity_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, recurring_event_id, starts_at),
  FOREIGN KEY (tenant_id, recurring_event_id) REFERENCES recurring_event (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, entity_id) REFERENCES entity (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX recurring_event_occurrence_entity_key ON recurring_event_occurrence (tenant_id, entity_id);
SELECT enable_tenant_isolation('recurring_event_occurrence');
