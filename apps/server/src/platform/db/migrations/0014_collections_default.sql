-- Editing records of a collection (an entity type that is neither a module nor a task type)
-- needs update on collections as well as update on the type (spec 02 §6). Every member keeps
-- editing as before the rule by default; admins deny it per tenant, role or person
-- (docs/decisions/0015-collections-editing.md).
INSERT INTO system_permission (key, entry) VALUES ('update_collections', '{"update": true}')
ON CONFLICT (key) DO NOTHING;
