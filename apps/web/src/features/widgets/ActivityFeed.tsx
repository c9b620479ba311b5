import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink } from '@tabler/icons-react';
import type { Widget } from '@turnout/shared';
import { useState } from 'react';
import { isGlobalAdmin, isTenantAdmin } from '../identity/access.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { FeedTable } from './FeedTable.tsx';
import { issueKioskLink, useActivityFeed } from './widgets-api.ts';

/** The activity feed widget: today's records of its types, refreshed every 10 s; admins pop it out to a kiosk. */
export function ActivityFeed({ widget }: { widget: Widget }) {
  const user = useCurrentUser();
  const feed = useActivityFeed(widget);
  const [opening, setOpening] = useState(false);
  const popOut = async () => {
    setOpening(true);
    try {
      const link = await issueKioskLink(widget.id);
      window.open(link.path, '_blank', 'noopener');
      notifications.show({ color: 'green', message: 'Kiosk link made. Any earlier kiosk link of this feed stops working.' });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'Could not make a kiosk link.' });
    } finally {
      setOpening(false);
    }
  };
  const context = {
    dateFormat: user.tenant_record?.date_format ?? 'DATE_SHORT',
    timeFormat: user.tenant_record?.time_format ?? 'TIME_WITH_SECONDS',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  return (
    <Stack gap="xs">
      {isTenantAdmin(user) && (
        <Group justify="flex-end">
          <Button size="xs" variant="light" leftSection={<IconExternalLink size={14} />} loading={opening} onClick={() => void popOut()}>
            Open Kiosk
          </Button>
        </Group>
      )}
      {feed.isPending ? (
        <Skeleton height={80} role="status" aria-label="Loading" />
      ) : feed.isError ? (
        <Text fz="sm">{feed.error.message}</Text>
      ) : (
        <FeedTable items={feed.data.data} withTenant={isGlobalAdmin(user)} context={context} linkRecords />
      )}
    </Stack>
  );
}
