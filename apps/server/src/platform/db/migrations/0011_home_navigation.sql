-- Home navigation (spec 01 §2.4, §2.5, §3, §4): tree categories, screen buttons and system
-- alerts are records of three global core entity types, so admins edit them like any record
-- (docs/decisions/0009). The types are global (tenant_id NULL, every tenant sees them); their
-- records belong to a tenant. Everyone may view them by default; tenant admins may change them.

-- Global rows need app.is_global under forced row-level security (a no-op for superusers).
SELECT set_config('app.is_global', 'on', true);

INSERT INTO entity_type (name, label, sort_order, pages, is_core, is_global, object_data, allowed_transitions)
VALUES ('tree_category', 'Tree Category', 1000001, 1, true, true, '{"icon":"sitemap","page_labels":["Category"],"formtitle":"{category_label}"}', '[{"name":"mark_as_created","generates_tasks":[]}]');
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-tree_category-category_name', 'category_name', 'Category Name', '{"property":"category_name","title":"Category Name","type":"single-text","page":1,"sort_order":10,"table_sort_order":10,"helpText":"The home category is named Home; its children make the home menu.","validation":{"required":true},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{"tableView":true,"tableSortable":true},"params":{}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'tree_category' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-tree_category-category_label', 'category_label', 'Display Name', '{"property":"category_label","title":"Display Name","type":"single-text","page":1,"sort_order":20,"table_sort_order":10000,"helpText":"Shown instead of the category name when set.","validation":{},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{},"params":{}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'tree_category' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-tree_category-parent_category', 'parent_category', 'Parent Category', '{"property":"parent_category","title":"Parent Category","type":"select-list","page":1,"sort_order":30,"table_sort_order":20,"validation":{},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{"tableView":true,"tableSortable":true},"params":{"sourceName":"tree_category","options":[]}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'tree_category' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-tree_category-icon', 'icon', 'Icon', '{"property":"icon","title":"Icon","type":"icon-picker","page":1,"sort_order":40,"table_sort_order":10000,"validation":{},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{},"params":{}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'tree_category' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-tree_category-sort_order', 'sort_order', 'Sort Order', '{"property":"sort_order","title":"Sort Order","type":"number-entry","page":1,"sort_order":50,"table_sort_order":30,"validation":{"integer":true},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{"tableView":true,"tableSortable":true},"params":{}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'tree_category' AND deleted_at IS NULL;

INSERT INTO entity_type (name, label, sort_order, pages, is_core, is_global, object_data, allowed_transitions)
VALUES ('screen_button', 'Screen Button', 1000002, 1, true, true, '{"icon":"layout-grid","page_labels":["Button"]}', '[{"name":"mark_as_created","generates_tasks":[]}]');
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-screen_button-name', 'name', 'Name', '{"property":"name","title":"Name","type":"single-text","page":1,"sort_order":10,"table_sort_order":10,"validation":{"required":true},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{"tableView":true,"tableSortable":true},"params":{}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'screen_button' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-screen_button-icon', 'icon', 'Icon', '{"property":"icon","title":"Icon","type":"icon-picker","page":1,"sort_order":20,"table_sort_order":10000,"validation":{},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{},"params":{}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'screen_button' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-screen_button-navigate_to', 'navigate_to', 'Navigate To', '{"property":"navigate_to","title":"Navigate To","type":"single-text","page":1,"sort_order":30,"table_sort_order":20,"helpText":"A path starting with / (e.g. /entity-list/?type=hydrant) or an address starting with http.","validation":{"required":true},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{"tableView":true,"tableSortable":true},"params":{}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'screen_button' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-screen_button-position', 'position', 'Position', '{"property":"position","title":"Position","type":"select-list","page":1,"sort_order":40,"table_sort_order":30,"validation":{"required":true},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{"tableView":true,"tableSortable":true},"params":{"options":[{"key":"home_screen","label":"Home Screen","sort":1},{"key":"navigation_bar","label":"Navigation Bar","sort":2},{"key":"navigation_bar_docs","label":"Navigation Bar - Docs","sort":3},{"key":"view_entity_list","label":"View Entity List","sort":4}]}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'screen_button' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-screen_button-tree_category_screen', 'tree_category_screen', 'Tree Category Screen', '{"property":"tree_category_screen","title":"Tree Category Screen","type":"select-list","page":1,"sort_order":50,"table_sort_order":10000,"helpText":"The category screen that shows this button.","validation":{},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{},"params":{"sourceName":"tree_category","options":[]}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'screen_button' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-screen_button-entity_list_screen', 'entity_list_screen', 'Entity List Screen', '{"property":"entity_list_screen","title":"Entity List Screen","type":"select-entity-type","page":1,"sort_order":60,"table_sort_order":10000,"helpText":"The entity list that shows this button.","validation":{},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{},"params":{}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'screen_button' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-screen_button-render_type', 'render_type', 'Render Type', '{"property":"render_type","title":"Render Type","type":"select-list","page":1,"sort_order":70,"table_sort_order":10000,"validation":{},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{},"params":{"options":[{"key":"tile","label":"Tile","sort":1},{"key":"button","label":"Button","sort":2}]}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'screen_button' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-screen_button-sort_order', 'sort_order', 'Sort Order', '{"property":"sort_order","title":"Sort Order","type":"number-entry","page":1,"sort_order":80,"table_sort_order":10000,"validation":{"integer":true},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{},"params":{}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'screen_button' AND deleted_at IS NULL;

INSERT INTO entity_type (name, label, sort_order, pages, is_core, is_global, object_data, allowed_transitions)
VALUES ('system_alert', 'System Alert', 1000003, 1, true, true, '{"icon":"alert-triangle","page_labels":["Alert"],"show_assignee":true}', '[{"name":"mark_as_created","generates_tasks":[]}]');
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-system_alert-title', 'title', 'Title', '{"property":"title","title":"Title","type":"single-text","page":1,"sort_order":10,"table_sort_order":10,"validation":{"required":true},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{"tableView":true,"tableSortable":true},"params":{}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'system_alert' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-system_alert-alert', 'alert', 'Alert', '{"property":"alert","title":"Alert","type":"textarea","page":1,"sort_order":20,"table_sort_order":10000,"validation":{},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{},"params":{}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'system_alert' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-system_alert-link_uri', 'link_uri', 'Link', '{"property":"link_uri","title":"Link","type":"single-text","page":1,"sort_order":30,"table_sort_order":10000,"helpText":"Where the alert leads: a path starting with / or an address starting with http.","validation":{},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{},"params":{}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'system_alert' AND deleted_at IS NULL;
INSERT INTO entity_type_field (entity_type_id, offline_id, property, title, field_data)
SELECT id, 'core-system_alert-ends_at', 'ends_at', 'Ends At', '{"property":"ends_at","title":"Ends At","type":"date-time-picker","page":1,"sort_order":40,"table_sort_order":20,"helpText":"The alert counts until this time.","validation":{"required":true},"permissions":{"visible_to":["ALL"],"modifiable_by":["ALL"]},"flags":{"tableView":true,"tableSortable":true},"params":{}}'
FROM entity_type WHERE tenant_id IS NULL AND name = 'system_alert' AND deleted_at IS NULL;

INSERT INTO system_permission (key, entry) VALUES
  ('tree_category', '{"view": true}'),
  ('screen_button', '{"view": true}'),
  ('system_alert', '{"view": true}')
ON CONFLICT (key) DO NOTHING;
