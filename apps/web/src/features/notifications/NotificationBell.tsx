import { ActionIcon, Badge, Box } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useNotificationPushes, useUnreadCount } from './notifications-api.ts';

/** 'Notifications, 3 unread' — what the bell says to a screen reader. */
export function bellLabel(count: number | undefined): string {
  if (!count) return 'Notifications';
  return `Notifications, ${count} unread`;
}

/**
 * The top bar's notification bell (spec 01 §1): the unread count on a badge, a link to
 * /notifications. It holds the tab's event stream open, so counts arrive pushed.
 */
export function NotificationBell() {
  useNotificationPushes();
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  return (
    <Box pos="relative" style={{ display: 'inline-flex' }}>
      <ActionIcon component={Link} to="/notifications" variant="subtle" color="white" size="lg" radius="xl" aria-label={bellLabel(count)}>
        <IconBell size={24} stroke={1.8} />
      </ActionIcon>
      {count > 0 && (
        <Badge
          aria-hidden
          data-testid="notification-count"
          color="red.8"
          size="sm"
          circle={count < 10}
          pos="absolute"
          top={-4}
          right={-6}
          style={{ pointerEvents: 'none' }}
        >
          {count > 99 ? '99+' : count}
        </Badge>
      )}
    </Box>
  );
}
