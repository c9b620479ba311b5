import { Anchor, Group, Modal, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronRight } from '@tabler/icons-react';
import type { SystemAlert } from '@turnout/shared';
import { Link } from 'react-router';
import { tryResolveLink } from '../home/links.ts';
import { useActiveAlerts } from './alerts-api.ts';

/** 'Ends: {time}' in the viewer's locale; the server's display value when the time cannot be read. */
export function endsText(alert: SystemAlert): string {
  const ms = Date.parse(alert.ends_at.valueUtc || alert.ends_at.value);
  const time = Number.isFinite(ms)
    ? new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : alert.ends_at.display_value;
  return `Ends: ${time}`;
}

export const activeAlertsLabel = (count: number) => `${count} active ${count === 1 ? 'alert' : 'alerts'}`;

function AlertItem({ alert, onOpen }: { alert: SystemAlert; onOpen: () => void }) {
  const link = alert.uri ? tryResolveLink(alert.uri) : null;
  const title = (
    <Text fw={600} c={link ? undefined : 'inherit'}>
      {alert.title}
    </Text>
  );
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Stack gap={4}>
        {link?.external ? (
          <Anchor href={link.href} target="_blank" rel="noopener noreferrer" onClick={onOpen}>
            {title}
          </Anchor>
        ) : link ? (
          <Anchor component={Link} to={link.to} onClick={onOpen}>
            {title}
          </Anchor>
        ) : (
          title
        )}
        {alert.alert && (
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {alert.alert}
          </Text>
        )}
        <Text fz="xs" c="dimmed">
          {endsText(alert)}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The page header banner 'N active alerts' (spec 01 §2.6, 02 §2): hidden while there are none
 * (and while loading or after an error); tapping it opens the 'Active Alerts' list, whose items
 * link to their uri and show 'Ends: {time}'. Placed on Home and on the entity list.
 */
export function ActiveAlertsBanner() {
  const { data } = useActiveAlerts();
  const [opened, modal] = useDisclosure(false);
  const count = data?.length ?? 0;
  if (count === 0) return null;
  return (
    <>
      <UnstyledButton
        onClick={modal.open}
        aria-haspopup="dialog"
        data-testid="active-alerts-banner"
        bg="yellow.1"
        c="dark.9"
        px="md"
        py="sm"
        style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-yellow-4)' }}
      >
        <Group gap="sm" wrap="nowrap">
          <IconAlertTriangle size={20} aria-hidden />
          <Text fw={600} flex={1}>
            {activeAlertsLabel(count)}
          </Text>
          <IconChevronRight size={18} aria-hidden />
        </Group>
      </UnstyledButton>
      <Modal opened={opened} onClose={modal.close} title="Active Alerts" centered>
        <Stack component="ul" gap="sm" p={0} m={0}>
          {(data ?? []).map((alert) => (
            <AlertItem key={alert.id} alert={alert} onOpen={modal.close} />
          ))}
        </Stack>
      </Modal>
    </>
  );
}
