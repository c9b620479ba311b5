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

  const header = (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Title order={1}>Messages</Title>
      <Button
        component={Link}
        to={`/conversations/create?from=${encodeURIComponent('/conversations')}`}
        leftSection={<IconMessagePlus size={18} />}
        mih={44}
      >
        Start Conversation
      </Button>
    </Group>
  );
  const list = (
    <Box flex={1} mih={0} h="100%" style={{ overflowY: 'auto' }}>
      <ConversationList activeId={id} />
    </Box>
  );

  if (!wide)
    return (
      <Box className={classes.pane}>
        {atList ? (
          <Stack gap="md" mih={0} h="100%">
            {header}
            {list}
          </Stack>
        ) : (
          <Outlet />
        )}
      </Box>
    );
  // The title sits above both panes, at the left edge every screen's title has (issue 20).
  return (
    <Stack gap="md" className={classes.split}>
      {header}
      <Box className={classes.columns}>
        <Paper withBorder radius="md" p="md" className={classes.list}>
          {list}
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
    </Stack>
  );
}
