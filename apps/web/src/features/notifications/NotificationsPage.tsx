import { Alert, Box, Button, Center, Group, Loader, Paper, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { NOTIFICATION_MESSAGES, type Notification } from '@turnout/shared';
import { useNavigate } from 'react-router';
import { useTenantFormats } from '../identity/tenant-formats.ts';
import classes from './NotificationsPage.module.css';
import { useMarkAllRead, useMarkRead, useNotificationList, useNotificationPushes, useUnreadCount } from './notifications-api.ts';

function NotificationRow({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const unread = item.read_at === null;
  const formats = useTenantFormats();
  return (
    <Box component="li" className={classes.item} data-unread={unread || undefined}>
      <UnstyledButton className={classes.row} onClick={() => onOpen(item)} data-testid="notification">
        <span className={classes.dot} data-unread={unread || undefined} aria-hidden />
        <Stack gap={2} flex={1} miw={0}>
          <Text fw={unread ? 700 : 400} className={classes.subject}>
            {unread && <VisuallyHidden>Unread: </VisuallyHidden>}
            {item.data.subject}
          </Text>
          <Text fz="sm" c="gray.7" component="time" dateTime={item.created_at}>
            {formats.dateTime(item.created_at)}
          </Text>
        </Stack>
      </UnstyledButton>
    </Box>
  );
}

/** /notifications (spec 01 §2.10): the user's notifications, newest first; open one to read it. */
export function NotificationsPage() {
  useNotificationPushes();
  const list = useNotificationList();
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const anyUnread = (unread.data ?? 0) > 0 || items.some((item) => item.read_at === null);

  const open = (item: Notification) => {
    if (item.read_at === null) markRead.mutate(item);
    const path = item.data.path;
    // A link path starts with / or http (spec 01 §2.3); an external one opens in a new tab.
    if (path?.startsWith('/')) navigate(path);
    else if (path?.startsWith('http')) window.open(path, '_blank', 'noopener');
  };

  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => toasts.show({ color: 'green', message: NOTIFICATION_MESSAGES.markedRead }),
      onError: (error) => toasts.show({ color: 'red', message: error.message, autoClose: 10_000 }),
    });

  return (
    <Stack gap="lg" maw={860}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>Notifications</Title>
        <Button
          leftSection={<IconChecks size={18} />}
          variant="light"
          onClick={readAll}
          loading={markAll.isPending}
          disabled={!anyUnread || list.isPending}
        >
          Mark all read
        </Button>
      </Group>

      {list.isPending ? (
        <Center py="xl">
          <Stack align="center" gap="sm">
            <Loader role="status" aria-label="Loading notifications" />
            <Text c="gray.7">Loading notifications…</Text>
          </Stack>
        </Center>
      ) : list.isError ? (
        <Alert color="red" variant="light" role="alert" title="Notifications could not be loaded">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void list.refetch()} loading={list.isRefetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <IconBellOff size={32} stroke={1.5} aria-hidden />
            <Text fw={600}>No notifications</Text>
            <Text c="gray.7" ta="center">
              You will see here when a record you watch changes, a task is assigned to you or an approval needs you.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <Box component="ul" className={classes.list} aria-label="Notifications">
            {items.map((item) => (
              <NotificationRow key={item.id} item={item} onOpen={open} />
            ))}
          </Box>
          {list.hasNextPage && (
            <Center p="md">
              <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                Load more
              </Button>
            </Center>
          )}
        </Paper>
      )}
    </Stack>
  );
}
