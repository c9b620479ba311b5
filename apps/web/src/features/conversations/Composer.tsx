import { ActionIcon, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { MESSAGE_BODY_MAX } from '@turnout/shared';
import { type KeyboardEvent, useState } from 'react';

interface ComposerProps {
  /** Sends the text; rejects when it was not sent (the text stays for another try). */
  onSend: (body: string) => Promise<void>;
}

/**
 * The message composer (spec 01 §2.10, §5): Send is disabled while the text is empty; Enter
 * sends, Shift+Enter starts a new line. The text is cleared only once the message is saved;
 * when sending fails it stays, with a note, and Send tries again.
 */
export function Composer({ onSend }: ComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const empty = text.trim() === '';
  const tooLong = [...text.trim()].length > MESSAGE_BODY_MAX;

  const send = async () => {
    if (empty || tooLong || sending) return;
    setSending(true);
    try {
      await onSend(text);
      setText('');
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Stack gap={4}>
      {failed && (
        <Text role="alert" fz="sm" c="red.8" data-testid="send-failed">
          Message not sent. Your text is kept: press Send to try again.
        </Text>
      )}
      {tooLong && (
        <Text role="alert" fz="sm" c="red.8">
          A message may have up to {MESSAGE_BODY_MAX} characters.
        </Text>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Textarea
          flex={1}
          aria-label="Message"
          placeholder="Write a message"
          autosize
          minRows={1}
          maxRows={6}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <ActionIcon
          size={44}
          radius="xl"
          aria-label="Send"
          onClick={() => void send()}
          disabled={empty || tooLong}
          loading={sending}
          data-testid="send-message"
        >
          <IconSend size={20} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
