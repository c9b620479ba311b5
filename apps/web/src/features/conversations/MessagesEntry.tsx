import { ActionIcon, Badge, Box, Button, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconMessages } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../identity/current-user.tsx';
import { useConversationPushes, useUnreadMessages } from './conversations-api.ts';

/** The unread-message count beside a Messages entry; nothing when all is read or there is no tenant. */
export function MessagesBadge() {
  const user = useCurrentUser();
  const count = useUnreadMessages(!user.is_global);
  if (count === 0) return null;
  return (
    <Badge color="red.8" size="sm" data-testid="messages-unread">
      {count > 99 ? '99+' : count}
      <VisuallyHidden> unread messages</VisuallyHidden>
    </Badge>
  );
}

/**
 * Mounted once in the shell: keeps conversation lists and counts current from pushed events, and
 * shows a notification for a new message when its conversation is not open.
 */
export function MessagePushes() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useConversationPushes((event) => {
    const message = event.message;
    if (!message || message.is_sender || pathname.startsWith(`/conversations/${event.conversation_id}`)) return;
    const path = `/conversations/${event.conversation_id}?from=${encodeURIComponent('/conversations')}`;
    const id = toasts.show({
      title: `New message from ${message.sender?.name ?? 'a member'}`,
      message: (
        <Stack gap={6} align="flex-start">
          <Text fz="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
            {message.body}
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              toasts.hide(id);
              navigate(path);
            }}
          >
            Open conversation
          </Button>
        </Stack>
      ),
      autoClose: 8_000,
    });
  });
  return null;
}

/** 'Messages, 3 unread' — what the top bar's Messages button says to a screen reader. */
const messagesLabel = (count: number) => (count > 0 ? `Messages, ${count} unread` : 'Messages');

/** The top bar's Messages button on wide screens (the phone's drawer has its own entry), with the unread count. */
export function MessagesButton() {
  const user = useCurrentUser();
  const count = useUnreadMessages(!user.is_global);
  if (user.is_global) return null;
  return (
    <Box pos="relative" visibleFrom="sm" style={{ display: 'inline-flex' }}>
      <Tooltip label="Messages">
        <ActionIcon
          component={Link}
          to="/conversations"
          variant="subtle"
          color="white"
          size="lg"
          radius="xl"
          aria-label={messagesLabel(count)}
        >
          <IconMessages size={22} stroke={1.8} />
        </ActionIcon>
      </Tooltip>
      {count > 0 && (
        <Badge aria-hidden color="red.8" size="sm" circle={count < 10} pos="absolute" top={-4} right={-6} style={{ pointerEvents: 'none' }}>
          {count > 99 ? '99+' : count}
        </Badge>
      )}
    </Box>
  );
}
