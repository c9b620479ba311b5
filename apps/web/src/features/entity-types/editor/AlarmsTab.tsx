import { ActionIcon, Button, Card, ColorInput, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useConfirmation } from '../common/ConfirmModal.tsx';
import { RuleBuilder } from '../common/RuleBuilder.tsx';
import { newOfflineId } from '../model/draft.ts';
import { toQuery } from '../model/rules.ts';
import { removeAt, replaceAt, type TabProps } from './tab-props.ts';

export const NO_ALARMS = 'No Alarms Defined';
/** Spec 03 §9: the default alarm colour. */
export const DEFAULT_ALARM_COLOR = '#ff0000';

/**
 * The Alarms tab (spec 03 §3 'Alarm'): a record whose alarm condition is true shows in the alarm
 * colour. The condition is JSON logic (alarmCondition, default true); the builder's query is kept
 * beside it as alarmConditionRuleset.
 */
export function AlarmsTab({ draft, change, readOnly }: TabProps) {
  const confirm = useConfirmation();
  const add = () =>
    change((d) => ({
      ...d,
      alarms: [...d.alarms, { offline_id: newOfflineId(), name: '', alarmCondition: true, alarmConditionColor: DEFAULT_ALARM_COLOR }],
    }));
  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between">
        <Title order={2} fz="lg">
          Alarms
        </Title>
        {!readOnly && (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add}>
            Add Alarm
          </Button>
        )}
      </Group>
      {draft.alarms.length === 0 && (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center">
            {NO_ALARMS}
          </Text>
        </Paper>
      )}
      {draft.alarms.map((alarm, index) => {
        const name = alarm.name || `Alarm ${index + 1}`;
        const set = (patch: Partial<typeof alarm>) => change((d) => ({ ...d, alarms: replaceAt(d.alarms, index, { ...alarm, ...patch }) }));
        return (
          <Card key={alarm.offline_id ?? index} withBorder radius="md" component="section" aria-label={`Alarm ${name}`}>
            <Stack gap="sm">
              <Group align="flex-end" gap="sm">
                <TextInput
                  label="Name"
                  required
                  value={alarm.name}
                  readOnly={readOnly}
                  error={alarm.name.trim() === '' ? 'The name field is required.' : undefined}
                  onChange={(e) => set({ name: e.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <ColorInput
                  label="Colour"
                  value={alarm.alarmConditionColor || DEFAULT_ALARM_COLOR}
                  readOnly={readOnly}
                  onChange={(color) => set({ alarmConditionColor: color })}
                  w={180}
                  popoverProps={{ withinPortal: true }}
                />
                {!readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Delete alarm ${name}`}
                    onClick={() =>
                      confirm.ask({
                        title: 'Delete alarm?',
                        message: `Delete the alarm '${name}'?`,
                        onConfirm: () => change((d) => ({ ...d, alarms: removeAt(d.alarms, index) })),
                      })
                    }
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                )}
              </Group>
              <Text fz="sm" fw={500}>
                In alarm when
              </Text>
              <RuleBuilder
                label={`Condition of ${name}`}
                fields={draft.fields}
                query={toQuery(alarm.alarmConditionRuleset, alarm.alarmCondition)}
                disabled={readOnly}
                onChange={(ruleset, logic) => set({ alarmConditionRuleset: ruleset, alarmCondition: logic })}
              />
            </Stack>
          </Card>
        );
      })}
      {confirm.modal}
    </Stack>
  );
}
