import { Badge, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TRANSITIONS, type Transition } from '@turnout/shared';
import { ENTITY_TYPES_QUERY_KEY, fetchTransitions } from '../entity-types-api.ts';
import { GeneratedTasks } from './GeneratedTasks.tsx';
import { replaceAt, type TabProps } from './tab-props.ts';

/** The transitions a type offers: every one, or for task types those enabled for tasks (spec 03 §4). */
export function offeredTransitions(all: readonly Transition[], isTask: boolean): Transition[] {
  return all.filter((t) => !isTask || t.metadata.enabled_for_tasks);
}

/** The Transitions tab: toggles per workflow transition (required ones forced on), each with the tasks it generates. */
export function TransitionsTab({ draft, change, readOnly }: TabProps) {
  const transitions = useQuery({
    queryKey: [ENTITY_TYPES_QUERY_KEY, 'transitions'],
    queryFn: ({ signal }) => fetchTransitions(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const offered = offeredTransitions(transitions.data ?? TRANSITIONS, draft.is_task);
  const toggle = (name: string, on: boolean) =>
    change((d) => ({
      ...d,
      allowed_transitions: on
        ? [...d.allowed_transitions, { name, generates_tasks: [] }]
        : d.allowed_transitions.filter((a) => a.name !== name),
    }));
  return (
    <Stack gap="md" maw={1000}>
      <Title order={2} fz="lg">
        Transitions
      </Title>
      <Text fz="sm" c="dimmed">
        {draft.is_task ? 'A task type offers only the transitions enabled for tasks. ' : ''}Transitions required always are always on.
      </Text>
      {offered.map((transition) => {
        const index = draft.allowed_transitions.findIndex((a) => a.name === transition.name);
        const allowance = draft.allowed_transitions[index];
        const forced = transition.metadata.required_always;
        return (
          <Card
            key={transition.name}
            withBorder
            radius="md"
            padding="sm"
            component="section"
            aria-label={`Transition ${transition.metadata.title}`}
          >
            <Group justify="space-between">
              <Switch
                label={transition.metadata.title}
                description={transition.name}
                checked={forced || index >= 0}
                disabled={readOnly || forced}
                onChange={(e) => toggle(transition.name, e.currentTarget.checked)}
              />
              <Group gap={6}>
                {forced && (
                  <Badge size="xs" variant="light">
                    Required always
                  </Badge>
                )}
                {transition.metadata.enabled_for_tasks && (
                  <Badge size="xs" variant="light" color="orange">
                    For tasks
                  </Badge>
                )}
              </Group>
            </Group>
            {allowance && (
              <Stack mt="sm" pl="xl">
                <GeneratedTasks
                  transition={transition.metadata.title}
                  tasks={allowance.generates_tasks}
                  draft={draft}
                  disabled={readOnly}
                  onChange={(tasks) =>
                    change((d) => ({
                      ...d,
                      allowed_transitions: replaceAt(d.allowed_transitions, index, { ...allowance, generates_tasks: tasks }),
                    }))
                  }
                />
              </Stack>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
