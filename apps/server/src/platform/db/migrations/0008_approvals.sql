-- Approvals (spec 02 §4 'Approval'): the outcome of each field's last approval or rejection,
-- {approved: {property: {status, by, by_name, at}}, rejected: {...}}. Pending changes are in
-- entity.data_requiring_approval.
ALTER TABLE entity ADD COLUMN approval_log jsonb NOT NULL DEFAULT '{}';
