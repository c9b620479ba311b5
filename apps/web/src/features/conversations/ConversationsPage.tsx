import { Box, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { useScreenQuery } from '../../app/media-query.ts';
import { ConversationList } from './ConversationList.tsx';
import classes from './ConversationsPage.module.css';

/** Wide screens show the list beside the open conversation; phones show one at a time, like a chat. */
export const WIDE_QUERY = '(min-width: 62em)';

/**
 * /conversations, titled Messages (ConversationList, spec 01 §2.10), and the screens under it:
 * /conversations/create and /conversations/{id}.
 */
export function ConversationsPage() {
  const wide = useScreenQuery(WIDE_QUERY);
  const { pathname } = useLocation();
  const { id } = useParams();
  const atList = pathname.replace(/\/+$/, '') === '/conversations';

  const listPanel = (
    <Stack gap="md" mih={0} h="100%">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} fz={28}>
          Messages
        </Title>
        <Button
          component={Link}
          to={`/conversations/create?from=${encodeURIComponent('/conversations')}`}
          leftSection={<IconMessagePlus size={18} />}
          mih={44}
        >
          Start Conversation
        </Button>
      </Group>
      <Box flex={1} mih={0} style={{ overflowY: 'auto' }}>
        <ConversationList activeId={id} />
      </Box>
    </Stack>
  );

  if (!wide) return <Box className={classes.pane}>{atList ? listPanel : <Outlet />}</Box>;
  return (
    <Box className={classes.split}>
      <Paper withBorder radius="md" p="md" className={classes.list}>
        {listPanel}
      </Paper>
      <Paper withBorder radius="md" p="md" className={classes.detail}>
        {atList ? (
          <Center h="100%">
            <Text c="gray.7">Choose a conversation, or start a new one.</Text>
          </Center>
        ) : (
          <Outlet />
        )}
      </Paper>
    </Box>
  );
}
