-- Identity and tenancy: sign-in settings of tenants and users, role assignments, personnel
-- records, sessions' lifetimes, password-reset tokens, sign-in attempts, sensitive actions
-- and the mail outbox.

ALTER TABLE tenant
  ADD COLUMN color text,
  ADD COLUMN date_format text NOT NULL DEFAULT 'DATE_SHORT',
  ADD COLUMN time_format text NOT NULL DEFAULT 'TIME_WITH_SECONDS',
  ADD COLUMN display_picture text,
  ADD COLUMN sign_in_enabled boolean NOT NULL DEFAULT true,
  ADD COLUMN sign_in_disabled_error text;

ALTER TABLE app_user
  ADD COLUMN password_hash text,
  ADD COLUMN mfa_secret text,            -- encrypted (AES-256-GCM), see platform/crypto.ts
  ADD COLUMN mfa_pending_secret text,    -- encrypted, between enrol-mfa and finish-mfa
  ADD COLUMN mfa_enrolled_at timestamptz,
  ADD COLUMN mfa_enrol_by date,
  ADD COLUMN mfa_last_time_step bigint,  -- the last accepted TOTP step: a code works once
  ADD COLUMN sign_in_enabled boolean NOT NULL DEFAULT true,
  ADD COLUMN sign_in_disabled_error text;

-- A role held by a user, in one tenant or (tenant_id NULL) everywhere: the spec's pivot.
CREATE TABLE role_assignment (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  role_key text NOT NULL,
  tenant_id uuid REFERENCES tenant (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX role_assignment_key ON role_assignment (user_id, role_key, COALESCE(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid));
CREATE INDEX role_assignment_tenant_idx ON role_assignment (tenant_id);

-- One personnel record per user per tenant (a person may belong to no user yet).
CREATE TABLE personnel (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
  display_name text NOT NULL,
  email_address text,
  date_of_birth date,
  member_status1 text NOT NULL DEFAULT 'current' CHECK (member_status1 IN ('current', 'past')),
  role text NOT NULL DEFAULT 'Tenant User',
  display_picture text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX personnel_user_key ON personnel (tenant_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX personnel_user_idx ON personnel (user_id);

SELECT enable_tenant_isolation('personnel');

-- Sessions: idle timeout from last_seen_at, absolute lifetime in expires_at.
ALTER TABLE user_session
  ADD COLUMN ip text,
  ADD COLUMN user_agent text,
  ADD COLUMN signed_in_as_by uuid REFERENCES app_user (id) ON DELETE CASCADE;
CREATE INDEX user_session_tenant_idx ON user_session (tenant_id);

CREATE TABLE password_reset_token (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('reset', 'welcome')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_token_user_idx ON password_reset_token (user_id);

-- Every sign-in attempt: who, when (UTC), where from, and the outcome. Also the brute-force
-- counter: failures per account and per address within a window.
CREATE TABLE sign_in_attempt (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  user_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
  ip text NOT NULL,
  outcome text NOT NULL,
  succeeded boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_attempt_email_idx ON sign_in_attempt (lower(email), created_at DESC);
CREATE INDEX sign_in_attempt_ip_idx ON sign_in_attempt (ip, created_at DESC);

-- Sensitive actions (spec 03 §3): who did what, when. tenant_id NULL for global ones.
CREATE TABLE sensitive_action (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid REFERENCES tenant (id) ON DELETE SET NULL,
  user_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
  user_display_name text NOT NULL,
  name text NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sensitive_action_created_idx ON sensitive_action (created_at DESC);
CREATE INDEX sensitive_action_tenant_idx ON sensitive_action (tenant_id, created_at DESC);

-- Mail that was sent (or, without SMTP_URL, only kept here for global admins to read).
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);
