import { Badge, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { EntityTypeField } from '@turnout/shared';
import type { ReactNode } from 'react';
import { fieldTypeLabel } from '../model/field-types.ts';

interface FieldRowProps {
  field: EntityTypeField;
  handle: ReactNode;
  locked: boolean;
  /** A department's own field on a global type. */
  departmentField: boolean;
  errors: string[] | undefined;
  onOpen: () => void;
}

/** One field of a page: title (with * when required), property and type; opens the field editor. */
export function FieldRow({ field, handle, locked, departmentField, errors, onOpen }: FieldRowProps) {
  const data = field.field_data;
  const required = data.validation?.required === true;
  const title = data.title || '(untitled)';
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      px="xs"
      py={6}
      data-testid="field-row"
      data-property={data.property}
      style={{ background: errors ? 'var(--mantine-color-red-0)' : 'var(--mantine-color-body)' }}
    >
      <div style={{ width: 28, display: 'flex', justifyContent: 'center' }}>
        {handle ??
          (locked ? (
            <Tooltip label="A global field: only global admins change it">
              <IconLock size={16} color="var(--mantine-color-gray-6)" aria-label="Locked" />
            </Tooltip>
          ) : null)}
      </div>
      <UnstyledButton onClick={onOpen} style={{ flex: 1, minWidth: 0 }} aria-label={`Field ${title}`}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {title}
              {required && (
                <Text component="span" c="red" ml={4} aria-label="required">
                  *
                </Text>
              )}
            </Text>
            <Text fz="xs" c="dimmed" ff="monospace" truncate>
              {data.property || '(no property yet)'}
            </Text>
            {errors && (
              <Text fz="xs" c="red" role="alert">
                {errors.join(', ')}
              </Text>
            )}
          </div>
          <Group gap={6} wrap="nowrap">
            {departmentField && (
              <Badge size="xs" variant="outline" color="gray">
                Department field
              </Badge>
            )}
            <Badge variant="light" color="blue" size="sm" tt="none">
              {fieldTypeLabel(data.type)}
            </Badge>
          </Group>
        </Group>
      </UnstyledButton>
    </Group>
  );
}
