import { ActionIcon, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { RecordMode } from '../model/form-model.ts';
import type { Gates } from '../model/gates.ts';
import type { RecordData } from '../record-api.ts';
import { StatusControl } from './StatusControl.tsx';

interface RecordHeaderProps {
  title: string;
  typeLabel: string;
  mode: RecordMode;
  saved: RecordData | null;
  gates: Gates;
  transitionBusy: boolean;
  onTransition(name: string): void;
  canSave: boolean;
  saving: boolean;
  onSave(): void;
  onToggleEditing(): void;
  /** The overflow menu (none in quick-add). */
  menu: ReactNode;
  /** Back to where the link came from (its `from`); no Back without one. */
  onBack?: () => void;
}

/**
 * The header above the form (spec 01 §2.7, 02 §2): Back when the link named where it came
 * from, the rendered form title with 'Edit Mode',
 * the type label, the status selector, Save Changes and Enable Editing where the side navigator
 * is hidden (small screens), and the overflow menu.
 */
export function RecordHeader(props: RecordHeaderProps) {
  const { mode, saved, gates } = props;
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
        {props.onBack ? (
          <ActionIcon variant="subtle" size="lg" aria-label="Back" onClick={props.onBack}>
            <IconArrowLeft size={20} />
          </ActionIcon>
        ) : null}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={1} size="h3">
              {props.title}
            </Title>
            {mode !== 'view' ? (
              <Badge variant="filled" color="blue.9">
                Edit Mode
              </Badge>
            ) : null}
          </Group>
          <Text fz="sm" c="dimmed">
            {props.typeLabel}
          </Text>
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {gates.statusShown && saved ? (
          <StatusControl
            place={saved.place}
            transitions={saved.available_transitions}
            enabled={gates.statusEnabled}
            busy={props.transitionBusy}
            onTransition={props.onTransition}
          />
        ) : null}
        {mode !== 'view' ? (
          <Button hiddenFrom="md" size="xs" onClick={props.onSave} disabled={!props.canSave} loading={props.saving}>
            Save Changes
          </Button>
        ) : null}
        {gates.enableEditing.shown && mode === 'view' ? (
          <Button
            hiddenFrom="md"
            size="xs"
            variant="light"
            onClick={props.onToggleEditing}
            disabled={gates.enableEditing.disabled}
            title={gates.enableEditing.reason ?? undefined}
          >
            Enable Editing
          </Button>
        ) : null}
        {props.menu}
      </Group>
    </Group>
  );
}
