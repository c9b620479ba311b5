import { ActionIcon, Button, Group, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { WIDGET_GROUP_LABELS, WIDGET_POSITION_LABELS, WIDGET_RENDER_LABELS, type Widget } from '@turnout/shared';
import { useState } from 'react';
import { isTenantAdmin } from '../identity/access.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { Gate } from '../settings/AccessDenied.tsx';
import { SettingsSection } from '../settings/SettingsSection.tsx';
import { WidgetForm } from './WidgetForm.tsx';
import { useDashboards, useDeleteDashboard, useDeleteWidget, useSaveDashboard, useWidgets } from './widgets-api.ts';

const toastError = (e: unknown) => notifications.show({ color: 'red', message: e instanceof Error ? e.message : 'Something went wrong.' });

function Dashboards() {
  const dashboards = useDashboards();
  const save = useSaveDashboard();
  const remove = useDeleteDashboard();
  const [name, setName] = useState('');
  const add = async () => {
    try {
      await save.mutateAsync({ id: null, body: { name, sort_order: dashboards.data?.length ?? 0 } });
      setName('');
    } catch (e) {
      toastError(e);
    }
  };
  return (
    <SettingsSection title="Dashboards">
      <Stack gap="xs">
        {(dashboards.data ?? []).map((d) => (
          <Group key={d.id} justify="space-between">
            <Text>{d.name}</Text>
            <ActionIcon
              variant="subtle"
              color="red"
              size={44}
              aria-label={`Delete dashboard ${d.name}`}
              onClick={() => remove.mutate(d.id, { onError: toastError })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Group align="flex-end">
          <TextInput label="New dashboard" value={name} onChange={(e) => setName(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button onClick={() => void add()} disabled={!name.trim()} loading={save.isPending}>
            Add Dashboard
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}

/** /settings/widgets: the department's widgets and dashboards (tenant admins; spec 02 §3 Widget). */
export function WidgetsSettingsPage() {
  const user = useCurrentUser();
  const widgets = useWidgets();
  const dashboards = useDashboards();
  const remove = useDeleteWidget();
  const [editing, setEditing] = useState<Widget | null | 'new'>(null);
  return (
    <Gate
      allowed={isTenantAdmin(user) && user.tenant_id !== null}
      title="Widgets"
      reason="Widgets are set up by department administrators."
    >
      <Stack gap="lg" maw={960}>
        <Group justify="space-between">
          <Title order={1}>Widgets</Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add Widget
          </Button>
        </Group>
        {widgets.isPending ? (
          <Skeleton height={120} role="status" aria-label="Loading" />
        ) : widgets.isError ? (
          <Text role="alert">{widgets.error.message}</Text>
        ) : widgets.data.length === 0 ? (
          <Text>There are no configured widgets.</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Shows</Table.Th>
                  <Table.Th>Entity Type</Table.Th>
                  <Table.Th>Position</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {widgets.data.map((w) => (
                  <Table.Tr key={w.id}>
                    <Table.Td>{w.name}</Table.Td>
                    <Table.Td>
                      {WIDGET_RENDER_LABELS[w.render_type]} · {WIDGET_GROUP_LABELS[w.group_function]}
                    </Table.Td>
                    <Table.Td>{w.entity_type_target}</Table.Td>
                    <Table.Td>{WIDGET_POSITION_LABELS[w.position]}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon variant="subtle" size={44} aria-label={`Edit ${w.name}`} onClick={() => setEditing(w)}>
                          <IconPencil size={18} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size={44}
                          aria-label={`Delete ${w.name}`}
                          onClick={() => remove.mutate(w.id, { onError: toastError })}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Dashboards />
        {editing && (
          <WidgetForm widget={editing === 'new' ? null : editing} dashboards={dashboards.data ?? []} onClose={() => setEditing(null)} />
        )}
      </Stack>
    </Gate>
  );
}
