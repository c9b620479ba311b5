import { ActionIcon, Avatar, Button, Divider, NavLink, Paper, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconSettings } from '@tabler/icons-react';
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
  /**
   * A narrow panel (the list's split view): icons only — page numbers, Advanced Setup, Enable
   * Editing and Save Changes as 44 px icon buttons named for screen readers and tooltips — so
   * nothing is clipped (issue 20).
   */
  compact?: boolean;
}

/**
 * The side page navigator (spec 01 §2.7, 02 §2): avatar, title, type label, one button per
 * visible page (marked * when it has errors), Form_{version}, Advanced Setup, Enable Editing
 * and Save Changes (hidden in view mode, disabled until there are changes).
 */
export function PageNavigator(props: PageNavigatorProps) {
  if (props.compact) return <CompactPageNavigator {...props} />;
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

function CompactPageNavigator(props: PageNavigatorProps) {
  const { type, pages, page, pagesWithErrors, mode } = props;
  return (
    <Paper withBorder radius="md" p={6} component="nav" aria-label="Record pages" data-compact-navigator>
      <Stack gap={6} align="center">
        <Avatar src={props.picture} size="md" radius="xl" color="brand" alt="">
          <TypeIcon name={type.object_data.icon} size={20} />
        </Avatar>
        <Divider w="100%" />
        {pages.map((p, i) => {
          const label = `${pageLabelOf(type, p)}${pagesWithErrors.has(p) ? ' *' : ''}`;
          return (
            <Tooltip key={p} label={label} position="right">
              <ActionIcon
                size={44}
                variant={p === page ? 'filled' : 'subtle'}
                color={pagesWithErrors.has(p) ? 'red' : undefined}
                aria-label={label}
                aria-current={p === page ? 'page' : undefined}
                onClick={() => props.onPage(p)}
              >
                <Text span fw={700} fz="sm" c="inherit">
                  {i + 1}
                </Text>
              </ActionIcon>
            </Tooltip>
          );
        })}
        {props.advancedSetup ? (
          <Tooltip label="Advanced Setup" position="right">
            <ActionIcon size={44} variant="subtle" aria-label="Advanced Setup" onClick={props.onAdvancedSetup}>
              <IconSettings size={20} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {props.editing.shown && mode !== 'add' ? (
          <Tooltip label={props.editing.disabled ? (props.editing.reason ?? 'Enable Editing') : 'Enable Editing'} position="right">
            <ActionIcon
              size={44}
              variant={mode === 'edit' ? 'light' : 'subtle'}
              aria-label="Enable Editing"
              aria-pressed={mode === 'edit'}
              disabled={props.editing.disabled}
              onClick={props.onToggleEditing}
            >
              <IconPencil size={20} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {mode !== 'view' ? (
          <Tooltip label="Save Changes" position="right">
            <ActionIcon size={44} aria-label="Save Changes" onClick={props.onSave} disabled={!props.canSave} loading={props.saving}>
              <IconDeviceFloppy size={20} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Stack>
    </Paper>
  );
}
