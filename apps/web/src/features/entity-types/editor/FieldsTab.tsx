import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { EntityTypeField } from '@turnout/shared';
import { useState } from 'react';
import { SortableList } from '../common/SortableList.tsx';
import { fieldKey, fieldsOnPage, newField, pageLabel } from '../model/draft.ts';
import { reorderUpdates } from '../model/sort-order.ts';
import { FieldEditorModal } from './FieldEditorModal.tsx';
import { FieldRow } from './FieldRow.tsx';
import { PageSettings } from './PageSettings.tsx';
import type { TabProps } from './tab-props.ts';

interface FieldsTabProps extends TabProps {
  /** May this field be changed here (a tenant user on a global type changes only its own fields)? */
  fieldEditable: (field: EntityTypeField) => boolean;
  /** May fields be added (not in view mode)? */
  canAddFields: boolean;
  fieldErrors: Record<string, string[]>;
  /** The page shown (kept by the editor while other tabs show). */
  page: number;
  onPageChange: (page: number) => void;
}

/** The Fields tab (spec 03 §2): a page selector, the page's label and visibility, its fields in order, 'Add Field to Page n'. */
export function FieldsTab(props: FieldsTabProps) {
  const { draft, change, readOnly, fieldEditable, canAddFields, fieldErrors, globalAdmin, page, onPageChange } = props;
  const current = Math.min(page, draft.pages);
  const [editing, setEditing] = useState<{ field: EntityTypeField; isNew: boolean } | null>(null);
  const onPage = fieldsOnPage(draft.fields, current);

  const choosePage = (value: string | null) => {
    const next = Number(value);
    if (!next || next === current) return;
    onPageChange(next);
    notifications.show({ message: `Page changed to ${next}`, autoClose: 2000 });
  };

  const move = (from: number, to: number) => {
    const ordered = onPage.map((f) => ({ id: fieldKey(f), sort_order: f.field_data.sort_order ?? 999 }));
    // Fields this user may not change keep their order (a tenant admin on a global type).
    const editable = new Set(onPage.filter(fieldEditable).map(fieldKey));
    const updates = new Map(
      reorderUpdates(ordered, from, to)
        .filter((u) => editable.has(u.id))
        .map((u) => [u.id, u.sort_order]),
    );
    change((d) => ({
      ...d,
      fields: d.fields.map((f) =>
        updates.has(fieldKey(f)) ? { ...f, field_data: { ...f.field_data, sort_order: updates.get(fieldKey(f)) as number } } : f,
      ),
    }));
  };

  const apply = (field: EntityTypeField) => {
    change((d) => {
      const exists = d.fields.some((f) => fieldKey(f) === fieldKey(field));
      return { ...d, fields: exists ? d.fields.map((f) => (fieldKey(f) === fieldKey(field) ? field : f)) : [...d.fields, field] };
    });
    setEditing(null);
  };

  const remove = (field: EntityTypeField) => {
    change((d) => ({ ...d, fields: d.fields.filter((f) => fieldKey(f) !== fieldKey(field)) }));
    setEditing(null);
  };

  return (
    <Stack gap="md" maw={960}>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label="Page"
          data={Array.from({ length: draft.pages }, (_, i) => ({ value: String(i + 1), label: `${i + 1}. ${pageLabel(draft, i + 1)}` }))}
          value={String(current)}
          onChange={choosePage}
          allowDeselect={false}
          w={260}
        />
        <div style={{ flex: 1, minWidth: 280 }}>
          <PageSettings draft={draft} page={current} change={change} readOnly={readOnly} />
        </div>
      </Group>
      {onPage.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center">
            No fields on page {current} yet.
          </Text>
        </Paper>
      ) : (
        <SortableList
          items={onPage}
          idOf={fieldKey}
          handleLabel={(f) => `Drag to reorder '${f.field_data.title || f.field_data.property}'`}
          onMove={move}
          disabled={!canAddFields}
          locked={(f) => !fieldEditable(f)}
          as={(rows) => (
            <Paper
              withBorder
              radius="md"
              component="ul"
              p={0}
              m={0}
              aria-label={`Fields of page ${current}`}
              style={{ overflow: 'hidden' }}
            >
              {rows}
            </Paper>
          )}
          renderItem={(field, handle, index) => (
            <div style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-2)' }}>
              <FieldRow
                field={field}
                handle={handle}
                locked={!fieldEditable(field)}
                departmentField={props.baseline?.tenant_id === null && Boolean(field.tenant_id)}
                errors={fieldErrors[fieldKey(field)]}
                onOpen={() => setEditing({ field, isNew: false })}
              />
            </div>
          )}
        />
      )}
      {canAddFields && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing({ field: newField('single-text', current, draft.fields), isNew: true })}
          >
            Add Field to Page {current}
          </Button>
        </Group>
      )}
      <FieldEditorModal
        key={editing ? fieldKey(editing.field) : 'none'}
        editing={editing}
        fields={draft.fields}
        pages={draft.pages}
        pageLabelOf={(n) => pageLabel(draft, n)}
        globalAdmin={globalAdmin}
        editable={editing ? fieldEditable(editing.field) : false}
        onApply={apply}
        onDelete={remove}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
