import { Alert, Badge, Box, Center, Group, Loader, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Conversation } from '@turnout/shared';
import { Link } from 'react-router';
import { formatInstant } from '../../fields/common/dates.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { conversationTitle } from './conversation-title.ts';
import { useConversationList } from './conversations-api.ts';

function Row({ conversation, active, when, me }: { conversation: Conversation; active: boolean; when: string; me: string }) {
  const last = conversation.last_message;
  const unread = conversation.unread_count;
  return (
    <Box component="li">
      <UnstyledButton
        component={Link}
        to={`/conversations/${conversation.id}?from=${encodeURIComponent('/conversations')}`}
        aria-current={active ? 'page' : undefined}
        data-testid="conversation"
        w="100%"
        p="sm"
        mih={44}
        bg={active ? 'brand.0' : undefined}
        style={{ display: 'block', borderRadius: 8 }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Box miw={0} flex={1}>
            <Text fw={unread > 0 ? 700 : 600} truncate>
              {conversationTitle(conversation, me)}
            </Text>
            {conversation.name && conversation.second_party && (
              <Text fz="xs" c="gray.7" truncate>
                {conversation.second_party.name}
              </Text>
            )}
            <Text fz="sm" c="gray.7" truncate>
              {last ? `${last.is_sender ? 'You' : (last.sender_name ?? 'Former member')}: ${last.excerpt}` : 'No messages yet'}
            </Text>
          </Box>
          <Stack gap={4} align="flex-end">
            {last && (
              <Text fz="xs" c="gray.7" component="time" dateTime={last.created_at}>
                {when}
              </Text>
            )}
            {unread > 0 && (
              <Badge color="red.8" size="sm" data-testid="conversation-unread">
                {unread}
                <VisuallyHidden> unread</VisuallyHidden>
              </Badge>
            )}
          </Stack>
        </Group>
      </UnstyledButton>
    </Box>
  );
}

/** The user's conversations (ConversationList), newest first, with unread counts. */
export function ConversationList({ activeId }: { activeId?: string }) {
  const user = useCurrentUser();
  const list = useConversationList();
  const tenant = user.tenant_record;
  const formats = {
    dateFormat: tenant?.date_format,
    timeFormat: tenant?.time_format,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };

  if (list.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading conversations" />
      </Center>
    );
  if (list.isError)
    return (
      <Alert color="red" title="Conversations could not be loaded">
        Check your connection; the list refreshes by itself.
      </Alert>
    );
  if (list.data.data.length === 0)
    return (
      <Text c="gray.7" py="md" ta="center">
        No conversations yet. Start one to message a member of your department.
      </Text>
    );
  return (
    <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Conversations">
      {list.data.data.map((conversation) => (
        <Row
          key={conversation.id}
          conversation={conversation}
          active={conversation.id === activeId}
          me={user.id}
          when={conversation.last_message ? formatInstant(conversation.last_message.created_at, formats) : ''}
        />
      ))}
    </Stack>
  );
}
