import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Shown when a screen fails to render: a way out instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'An unexpected error occurred.';
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={520}>
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed" ta="center">
          {message}
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
