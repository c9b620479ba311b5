import { ActionIcon, Alert, Box, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { Conversation } from '@turnout/shared';
import { useLayoutEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { safeReturnPath } from '../../app/return-path.ts';
import { formatInstant } from '../../fields/common/dates.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { Composer } from './Composer.tsx';
import { conversationTitle } from './conversation-title.ts';
import { logConversationError, sendMessage, useConversationList, useConversationMessages } from './conversations-api.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { chronological } from './merge-messages.ts';

/** Older messages load when the list is scrolled to within this many pixels of its top. */
const LOAD_OLDER_AT_PX = 80;

/**
 * /conversations/{id}?from=… (ConversationView, spec 01 §2.10): the messages, oldest at the top,
 * older ones loaded on scrolling up; new ones arrive pushed; the composer at the bottom.
 * Opening it marks it read.
 */
export function ConversationView() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const back = safeReturnPath(params.get('from')) ?? '/conversations';
  const user = useCurrentUser();
  const list = useConversationList();
  const conversation = list.data?.data.find((c) => c.id === id);
  const messages = useConversationMessages(id);
  const shown = chronological(messages.data?.pages ?? []);
  const scroller = useRef<HTMLDivElement>(null);
  // Where the list was, so that loading older messages above keeps the view still.
  const anchor = useRef<{ height: number; top: number; newestId: string | undefined } | null>(null);
  const newestId = shown[shown.length - 1]?.id;

  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const before = anchor.current;
    if (!before || before.newestId !== newestId) {
      // First page or a new message: show the newest (unless the user is reading far above).
      const nearBottom = !before || before.height - before.top - box.clientHeight < 200;
      if (nearBottom) box.scrollTop = box.scrollHeight;
    } else if (box.scrollHeight !== before.height) {
      // Older messages came in above: keep what the user was looking at in place.
      box.scrollTop = before.top + (box.scrollHeight - before.height);
    }
    anchor.current = { height: box.scrollHeight, top: box.scrollTop, newestId };
  });

  const loadOlder = () => {
    if (messages.hasNextPage && !messages.isFetchingNextPage) void messages.fetchNextPage();
  };
  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    anchor.current = { height: box.scrollHeight, top: box.scrollTop, newestId };
    if (box.scrollTop < LOAD_OLDER_AT_PX) loadOlder();
  };

  const send = async (body: string) => {
    try {
      const answer = await sendMessage(id, body);
      messages.addToNewest([answer.data]);
    } catch (error) {
      logConversationError('sending a message', error);
      throw error;
    }
  };

  const tenant = user.tenant_record;
  const formats = {
    dateFormat: tenant?.date_format,
    timeFormat: tenant?.time_format,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  const title = conversation ? conversationTitle(conversation, user.id) : 'Conversation';

  return (
    <Stack gap="sm" h="100%" mih={0} data-testid="conversation-view">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon component={Link} to={back} variant="subtle" size={44} aria-label="Back to conversations" hiddenFrom="md">
          <IconArrowLeft size={22} />
        </ActionIcon>
        <Box miw={0}>
          <Title order={2} fz={22} lineClamp={1}>
            {title}
          </Title>
          {conversation && <Participants conversation={conversation} />}
        </Box>
      </Group>

      {messages.isPending ? (
        <Center flex={1}>
          <Loader role="status" aria-label="Loading messages" />
        </Center>
      ) : messages.isError ? (
        <Alert color="red" title="Messages could not be loaded" flex={1}>
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">This conversation does not exist, or you are not one of its participants.</Text>
            <Button component={Link} to="/conversations" variant="light" size="sm">
              Back to Messages
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Box
          ref={scroller}
          onScroll={onScroll}
          flex={1}
          mih={0}
          p="sm"
          style={{ overflowY: 'auto', borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
          bg="gray.1"
          role="log"
          aria-label={`Messages with ${title}`}
          aria-live="polite"
          tabIndex={0}
        >
          {messages.hasNextPage && (
            <Center mb="sm">
              <Button variant="subtle" size="sm" onClick={loadOlder} loading={messages.isFetchingNextPage}>
                Load older messages
              </Button>
            </Center>
          )}
          {shown.length === 0 ? (
            <Center h="100%">
              <Text c="gray.7">No messages yet. Say hello.</Text>
            </Center>
          ) : (
            <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {shown.map((message) => (
                <MessageBubble
                  key={message.id}
                  message={message}
                  when={formatInstant(message.created_at, formats)}
                  showSender={(conversation?.participants.length ?? 0) > 2}
                />
              ))}
            </Stack>
          )}
        </Box>
      )}
      {!messages.isError && <Composer onSend={send} />}
    </Stack>
  );
}

function Participants({ conversation }: { conversation: Conversation }) {
  if (conversation.participants.length <= 2 && !conversation.name) return null;
  return (
    <Text fz="xs" c="gray.7" truncate>
      {conversation.participants.map((p) => p.name).join(', ')}
    </Text>
  );
}
