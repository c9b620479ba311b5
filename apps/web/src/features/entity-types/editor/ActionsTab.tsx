import { ActionIcon, Badge, Button, Card, Group, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { EFFECT_TYPES } from '@turnout/shared';
import { useState } from 'react';
import { useConfirmation } from '../common/ConfirmModal.tsx';
import { RuleBuilder } from '../common/RuleBuilder.tsx';
import { type Action, type Effect, newOfflineId } from '../model/draft.ts';
import { toQuery } from '../model/rules.ts';
import { EFFECT_EDITORS, EFFECT_LABELS, type EffectType } from './EffectEditors.tsx';
import { removeAt, replaceAt, type TabProps } from './tab-props.ts';

export const NO_ACTIONS = 'No Actions Defined';
const TRIGGERS = [
  { value: 'check-on-save', label: 'Check on save' },
  { value: 'check-daily', label: 'Check daily' },
];
const COMBOBOX = { withinPortal: true } as const;

interface ActionCardProps extends Pick<TabProps, 'draft' | 'readOnly'> {
  action: Action;
  index: number;
  onChange: (action: Action) => void;
  ask: ReturnType<typeof useConfirmation>['ask'];
  onDelete: () => void;
}

function ActionCard({ action, index, onChange, draft, readOnly, ask, onDelete }: ActionCardProps) {
  const [adding, setAdding] = useState<EffectType | null>(null);
  const name = action.name || `Action ${index + 1}`;
  const setEffect = (i: number, effect: Effect) => onChange({ ...action, effects: replaceAt(action.effects, i, effect) });
  return (
    <Card withBorder radius="md" padding="md" data-testid="action-card" aria-label={`Action ${name}`} component="section">
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Name"
            required
            value={action.name}
            readOnly={readOnly}
            error={action.name.trim() === '' ? 'The name field is required.' : undefined}
            onChange={(e) => onChange({ ...action, name: e.currentTarget.value })}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Select
            label="Trigger"
            data={TRIGGERS}
            value={action.triggers?.type ?? 'check-on-save'}
            onChange={(type) =>
              type && onChange({ ...action, triggers: { ...action.triggers, type: type as 'check-on-save' | 'check-daily' } })
            }
            allowDeselect={false}
            disabled={readOnly}
            w={180}
            comboboxProps={COMBOBOX}
          />
          <Switch
            label="Enabled"
            checked={action.enabled}
            disabled={readOnly}
            onChange={(e) => onChange({ ...action, enabled: e.currentTarget.checked })}
            mb={8}
          />
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Delete action ${name}`}
              onClick={() => ask({ title: 'Delete action?', message: `Delete the action '${name}' and its effects?`, onConfirm: onDelete })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            When
          </Text>
          <RuleBuilder
            label={`Conditions of ${name}`}
            fields={draft.fields}
            query={toQuery(action.ruleset, action.ruleset_json)}
            disabled={readOnly}
            onChange={(ruleset, logic) => onChange({ ...action, ruleset, ruleset_json: logic })}
          />
        </Stack>
        <Stack gap="xs">
          <Text fz="sm" fw={500}>
            Then
          </Text>
          {action.effects.length === 0 && (
            <Text fz="sm" c="dimmed">
              No effects yet.
            </Text>
          )}
          {action.effects.map((effect, i) => {
            const Editor = EFFECT_EDITORS[effect.type];
            const label = EFFECT_LABELS[effect.type];
            return (
              <Paper
                key={effect.offline_id ?? i}
                withBorder
                radius="sm"
                p="sm"
                data-testid="effect"
                aria-label={`Effect ${label.label}`}
                component="section"
              >
                <Group justify="space-between" mb="xs">
                  <Group gap="xs">
                    <Text fw={600} fz="sm">
                      {label.label}
                    </Text>
                    <Badge size="xs" variant="light" color="gray">
                      {label.kind}
                    </Badge>
                  </Group>
                  {!readOnly && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete effect ${label.label}`}
                      onClick={() =>
                        ask({
                          title: 'Delete effect?',
                          message: `Delete the effect '${label.label}' of '${name}'?`,
                          onConfirm: () => onChange({ ...action, effects: removeAt(action.effects, i) }),
                        })
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
                <Editor effect={effect} draft={draft} disabled={readOnly} onChange={(next) => setEffect(i, next)} />
              </Paper>
            );
          })}
          {!readOnly && (
            <Group gap="sm" align="flex-end">
              <Select
                label="New effect"
                placeholder="Choose an effect"
                data={EFFECT_TYPES.map((type) => ({ value: type, label: `${EFFECT_LABELS[type].label} (${EFFECT_LABELS[type].kind})` }))}
                value={adding}
                onChange={(type) => setAdding(type as EffectType | null)}
                w={300}
                comboboxProps={COMBOBOX}
              />
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                disabled={!adding}
                onClick={() => {
                  if (!adding) return;
                  onChange({ ...action, effects: [...action.effects, { offline_id: newOfflineId(), type: adding }] });
                  setAdding(null);
                }}
              >
                Add Effect
              </Button>
            </Group>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

/** The Actions tab (spec 03 §2, §3): each action's trigger, rule and effects; 'No Actions Defined'. */
export function ActionsTab({ draft, change, readOnly }: TabProps) {
  const confirm = useConfirmation();
  const add = () =>
    change((d) => ({
      ...d,
      actions: [
        ...d.actions,
        {
          offline_id: newOfflineId(),
          name: '',
          enabled: true,
          triggers: { type: 'check-on-save' },
          ruleset: { combinator: 'and', rules: [] },
          ruleset_json: true,
          effects: [],
        },
      ],
    }));
  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between">
        <Title order={2} fz="lg">
          Actions
        </Title>
        {!readOnly && (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add}>
            Add Action
          </Button>
        )}
      </Group>
      {draft.actions.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center">
            {NO_ACTIONS}
          </Text>
        </Paper>
      ) : (
        draft.actions.map((action, index) => (
          <ActionCard
            key={action.offline_id ?? index}
            action={action}
            index={index}
            draft={draft}
            readOnly={readOnly}
            ask={confirm.ask}
            onChange={(next) => change((d) => ({ ...d, actions: replaceAt(d.actions, index, next) }))}
            onDelete={() => change((d) => ({ ...d, actions: removeAt(d.actions, index) }))}
          />
        ))
      )}
      {confirm.modal}
    </Stack>
  );
}
