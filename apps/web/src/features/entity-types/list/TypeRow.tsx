import { ActionIcon, Badge, Group, Menu, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconDots, IconDownload, IconList, IconTrash } from '@tabler/icons-react';
import type { EntityTypeLite } from '@turnout/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TypeIcon } from '../common/TypeIcon.tsx';

/** The badges that say what kind of type a row is. */
export function TypeBadges({ type }: { type: EntityTypeLite }) {
  return (
    <>
      {type.is_module && (
        <Badge size="xs" variant="light" color="grape">
          Module
        </Badge>
      )}
      {type.is_task && (
        <Badge size="xs" variant="light" color="orange">
          Task
        </Badge>
      )}
      {type.tenant_id === null && (
        <Badge size="xs" variant="light" color="gray">
          Global
        </Badge>
      )}
      {type.object_data.is_global_admin_only === true && (
        <Badge size="xs" variant="light" color="red">
          Global admin only
        </Badge>
      )}
    </>
  );
}

interface TypeRowProps {
  type: EntityTypeLite;
  to: string;
  handle: ReactNode;
  canDelete: boolean;
  onDelete: () => void;
  onExport: () => void;
}

/** One type of Manage Entity Types: opens the editor; its menu deletes, exports and opens the record list (spec 03 §2). */
export function TypeRow({ type, to, handle, canDelete, onDelete, onExport }: TypeRowProps) {
  return (
    <Group gap="xs" wrap="nowrap" px="xs" py={6} data-testid={`entity-type-row-${type.name}`}>
      <div style={{ width: 28, display: 'flex', justifyContent: 'center' }}>{handle}</div>
      <UnstyledButton component={Link} to={to} style={{ flex: 1, minWidth: 0 }} aria-label={`Edit ${type.label}`}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={36} radius="md">
            <TypeIcon name={type.object_data.icon} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600} truncate>
                {type.label}
              </Text>
              <TypeBadges type={type} />
            </Group>
            <Text fz="xs" c="dimmed" ff="monospace" truncate>
              {type.name}
            </Text>
          </div>
        </Group>
      </UnstyledButton>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${type.label}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconList size={16} />} component={Link} to={`/entity-list/?type=${encodeURIComponent(type.name)}`}>
            View '{type.label}' list
          </Menu.Item>
          <Menu.Item leftSection={<IconDownload size={16} />} onClick={onExport}>
            Export type to JSON
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconTrash size={16} />} color="red" disabled={!canDelete} onClick={onDelete}>
            Delete type '{type.label}'
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** Deleting a type warns that all its records become inaccessible (spec 03 §5). */
export function deleteWarning(label: string): string {
  return `Delete the entity type '${label}'? All of its records will become inaccessible.`;
}
