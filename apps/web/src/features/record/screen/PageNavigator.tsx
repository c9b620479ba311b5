import { Avatar, Button, Divider, NavLink, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import type { EntityType } from '@turnout/shared';
import { TypeIcon } from '../../entity-types/common/TypeIcon.tsx';
import { pageLabelOf, type RecordMode } from '../model/form-model.ts';
import type { EditingGate } from '../model/gates.ts';
import { formVersion } from '../model/time-format.ts';

interface PageNavigatorProps {
  type: EntityType;
  title: string;
  picture: string | null;
  pages: number[];
  page: number;
  pagesWithErrors: Set<number>;
  onPage(page: number): void;
  mode: RecordMode;
  editing: EditingGate;
  onToggleEditing(): void;
  advancedSetup: boolean;
  onAdvancedSetup(): void;
  canSave: boolean;
  saving: boolean;
  onSave(): void;
}

/**
 * The side page navigator (spec 01 §2.7, 02 §2): avatar, title, type label, one button per
 * visible page (marked * when it has errors), Form_{version}, Advanced Setup, Enable Editing
 * and Save Changes (hidden in view mode, disabled until there are changes).
 */
export function PageNavigator(props: PageNavigatorProps) {
  const { type, pages, page, pagesWithErrors, mode } = props;
  return (
    <Paper withBorder radius="md" p="md" component="nav" aria-label="Record pages">
      <Stack gap="sm">
        <Stack gap={4} align="center">
          <Avatar src={props.picture} size="lg" radius="xl" color="brand" alt="">
            <TypeIcon name={type.object_data.icon} size={28} />
          </Avatar>
          <Text fw={600} ta="center" style={{ wordBreak: 'break-word' }}>
            {props.title}
          </Text>
          <Text fz="sm" c="dimmed">
            {type.label}
          </Text>
        </Stack>
        <Divider />
        <Stack gap={2}>
          {pages.map((p) => (
            <NavLink
              key={p}
              component="button"
              label={`${pageLabelOf(type, p)}${pagesWithErrors.has(p) ? ' *' : ''}`}
              active={p === page}
              color={pagesWithErrors.has(p) ? 'red' : undefined}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => props.onPage(p)}
            />
          ))}
        </Stack>
        <Text fz="xs" c="dimmed" ta="center">
          Form_{formVersion(type.modified_at)}
        </Text>
        {props.advancedSetup ? (
          <Button variant="subtle" leftSection={<IconSettings size={16} />} onClick={props.onAdvancedSetup}>
            Advanced Setup
          </Button>
        ) : null}
        {props.editing.shown && mode !== 'add' ? (
          <Switch
            label="Enable Editing"
            description={props.editing.disabled ? props.editing.reason : null}
            checked={mode === 'edit'}
            disabled={props.editing.disabled}
            onChange={props.onToggleEditing}
          />
        ) : null}
        {mode !== 'view' ? (
          <Button onClick={props.onSave} disabled={!props.canSave} loading={props.saving}>
            Save Changes
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
