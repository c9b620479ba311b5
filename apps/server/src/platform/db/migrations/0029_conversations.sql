-- Conversations (issue 25; spec 01 §2.10, §3 'Conversation', 'Message'): messages between
-- members of one tenant. Only participants read or write one (the service checks, RLS keeps
-- tenants apart). A participant's last_read_seq says which messages they have seen: the unread
-- count is the others' messages after it.
CREATE TABLE conversation (
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text,
  created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The last message's time (or the creation time): the list is newest first by it.
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
SELECT enable_tenant_isolation('conversation');

CREATE TABLE conversation_participant (
  tenant_id uuid NOT NULL,
  conversation_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  last_read_seq bigint NOT NULL DEFAULT 0,
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, conversation_id, user_id),
  FOREIGN KEY (tenant_id, conversation_id) REFERENCES conversation (tenant_id, id) ON DELETE CASCADE
);
-- A user's conversations.
CREATE INDEX conversation_participant_user_idx ON conversation_participant (tenant_id, user_id, conversation_id);
SELECT enable_tenant_isolation('conversation_participant');

CREATE TABLE message (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  conversation_id uuid NOT NULL,
  -- The order of messages (times can tie); paging backwards goes by it.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  sender_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, conversation_id) REFERENCES conversation (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX message_conversation_idx ON message (tenant_id, conversation_id, seq DESC);
SELECT enable_tenant_isolation('message');
