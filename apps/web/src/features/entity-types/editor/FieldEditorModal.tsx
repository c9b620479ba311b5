import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import type { EntityTypeField } from '@turnout/shared';
import { useState } from 'react';
import { useConfirmation } from '../common/ConfirmModal.tsx';
import { type FieldData, fieldKey } from '../model/draft.ts';
import { validationKeysFor } from '../model/field-types.ts';
import { PROPERTY_PATTERN, propertyFromTitle, uniqueProperty } from '../model/identifier.ts';
import { paramDescriptorsForEditor, paramsForType } from '../model/param-descriptors.ts';
import { FieldAccess, FieldBasics, FieldValidation } from './FieldSections.tsx';
import { ParamsForm } from './ParamsForm.tsx';

/** The field editor overlay is 90% of the window high, at least 360 wide (spec 02 §9). */
export const FIELD_EDITOR_HEIGHT = 0.9;
export const FIELD_EDITOR_MIN_WIDTH = 360;
export const DELETE_FIELD_TITLE = 'delete field?';
export const DELETE_FIELD_TEXT = 'This will delete the field permanently. Continue?';

interface FieldEditorModalProps {
  editing: { field: EntityTypeField; isNew: boolean } | null;
  /** Every field of the type (for unique properties, field lists and rules). */
  fields: readonly EntityTypeField[];
  pages: number;
  pageLabelOf: (page: number) => string;
  globalAdmin: boolean;
  editable: boolean;
  onApply: (field: EntityTypeField) => void;
  onDelete: (field: EntityTypeField) => void;
  onClose: () => void;
}

/** Drops validation settings the (new) type does not use. */
function keptValidation(data: FieldData): FieldData['validation'] {
  const allowed = new Set<string>(validationKeysFor(data.type, data.params));
  return Object.fromEntries(Object.entries(data.validation ?? {}).filter(([key]) => allowed.has(key)));
}

/** The field editor overlay: basics, validation, permissions and flags, and the type's own params. */
export function FieldEditorModal({
  editing,
  fields,
  pages,
  pageLabelOf,
  globalAdmin,
  editable,
  onApply,
  onDelete,
  onClose,
}: FieldEditorModalProps) {
  const { height } = useViewportSize();
  const [data, setData] = useState<FieldData | null>(() => (editing ? structuredClone(editing.field.field_data) : null));
  const [propertyEdited, setPropertyEdited] = useState(() => Boolean(editing?.field.field_data.property));
  const confirm = useConfirmation();
  if (!editing || !data) return null;
  const { field, isNew } = editing;
  const saved = Boolean(field.id);
  const others = fields.filter((f) => fieldKey(f) !== fieldKey(field));
  const taken = others.map((f) => f.field_data.property);
  const propertyError = !PROPERTY_PATTERN.test(data.property)
    ? data.property === ''
      ? 'A property is required.'
      : 'Letters, digits and underscores, not starting with a digit.'
    : taken.some((p) => p.toLowerCase() === data.property.toLowerCase())
      ? 'The property has already been taken.'
      : undefined;

  const setTitle = (title: string) =>
    setData({ ...data, title, ...(saved || propertyEdited ? {} : { property: uniqueProperty(propertyFromTitle(title), taken) }) });
  const setType = (type: string) => {
    const next = { ...data, type, params: paramsForType(type, data.params as Record<string, unknown>, data.type) };
    setData({ ...next, validation: keptValidation(next) });
  };
  const apply = () => {
    if (propertyError) return;
    const title = data.title ?? '';
    onApply({ ...field, title, field_data: { ...data, title, validation: keptValidation(data) } });
  };
  const disabled = !editable;

  return (
    <Modal
      opened
      onClose={onClose}
      title={isNew ? 'New field' : `Field: ${field.field_data.title || field.field_data.property}`}
      size="xl"
      centered
      zIndex={300}
      styles={{
        content: {
          height: height ? Math.round(height * FIELD_EDITOR_HEIGHT) : '90vh',
          minWidth: FIELD_EDITOR_MIN_WIDTH,
          display: 'flex',
          flexDirection: 'column',
        },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', paddingBottom: 0 },
      }}
      data-testid="field-editor"
    >
      <Stack gap="md" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} pr={4} pb="md">
        {disabled && (
          <Text fz="sm" c="dimmed">
            A global field of a global type: only global admins change it. You can add fields for your department.
          </Text>
        )}
        <FieldBasics
          data={data}
          onChange={setData}
          disabled={disabled}
          globalAdmin={globalAdmin}
          onTitle={setTitle}
          onType={setType}
          pages={Array.from({ length: pages }, (_, i) => ({ value: String(i + 1), label: `${i + 1}. ${pageLabelOf(i + 1)}` }))}
          property={{
            value: data.property,
            locked: saved,
            error: propertyError,
            onChange: (value) => {
              setPropertyEdited(value !== '');
              setData({ ...data, property: value.replace(/\s+/g, '_') });
            },
          }}
        />
        {validationKeysFor(data.type, data.params).length > 0 && (
          <>
            <Divider label="Validation" labelPosition="left" />
            <FieldValidation data={data} onChange={setData} disabled={disabled} />
          </>
        )}
        <Divider label="Settings of this type" labelPosition="left" />
        <ParamsForm
          key={data.type}
          descriptors={paramDescriptorsForEditor(data.type, globalAdmin)}
          params={(data.params ?? {}) as Record<string, unknown>}
          onChange={(params) => setData({ ...data, params })}
          fields={others}
          disabled={disabled}
        />
        <Divider label="Permissions and flags" labelPosition="left" />
        <FieldAccess data={data} onChange={setData} disabled={disabled} globalAdmin={globalAdmin} />
      </Stack>
      <Group justify="space-between" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)', flexShrink: 0 }}>
        {!isNew && editable ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() =>
              confirm.ask({
                title: DELETE_FIELD_TITLE,
                message: DELETE_FIELD_TEXT,
                confirmLabel: 'Delete',
                onConfirm: () => onDelete(field),
              })
            }
          >
            Delete field
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            {editable ? 'Cancel' : 'Close'}
          </Button>
          {editable && (
            <Button onClick={apply} disabled={Boolean(propertyError)}>
              {isNew ? 'Add Field' : 'Done'}
            </Button>
          )}
        </Group>
      </Group>
      {confirm.modal}
    </Modal>
  );
}
