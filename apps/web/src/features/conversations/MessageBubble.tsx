import { Anchor, Box, Text } from '@mantine/core';
import type { Message } from '@turnout/shared';
import { messageParts } from './message-text.ts';

interface MessageBubbleProps {
  message: Message;
  /** The time in the tenant's formats. */
  when: string;
  /** Show the sender's name (conversations of more than two). */
  showSender: boolean;
}

/** One message: the user's own on the right, others' on the left; text only, links clickable. */
export function MessageBubble({ message, when, showSender }: MessageBubbleProps) {
  const mine = message.is_sender;
  return (
    <Box
      component="li"
      data-testid="message"
      data-sender={mine ? 'me' : 'other'}
      style={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start' }}
    >
      <Box
        maw="80%"
        px="sm"
        py={6}
        bg={mine ? 'brand.6' : 'white'}
        c={mine ? 'white' : 'gray.9'}
        style={{
          borderRadius: 12,
          border: mine ? undefined : '1px solid var(--mantine-color-gray-3)',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {showSender && !mine && message.sender && (
          <Text fz="xs" fw={700} c="gray.8">
            {message.sender.name}
          </Text>
        )}
        <Text component="p" m={0} fz="sm" c="inherit">
          {messageParts(message.body).map((part, i) =>
            part.href ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one body never reorder
              <Anchor key={i} href={part.href} target="_blank" rel="noopener noreferrer" c="inherit" underline="always" fz="sm">
                {part.text}
              </Anchor>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one body never reorder
              <span key={i}>{part.text}</span>
            ),
          )}
        </Text>
      </Box>
      <Text fz="xs" c="gray.7" component="time" dateTime={message.created_at} mt={2}>
        {mine ? 'You' : (message.sender?.name ?? 'Former member')} · {when}
      </Text>
    </Box>
  );
}
