import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { FOOTER_TEXT } from '@turnout/shared';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../api/auth-store.ts';
import { SessionGate } from '../../app/RequireAuth.tsx';

// The shell loads only for a signed-in person: the sign-in route stays small.
const Shell = lazy(() => import('../../app/shell/Shell.tsx').then((m) => ({ default: m.Shell })));

/** The 404 content alone, for unknown paths inside an area that already has the shell. */
export function NotFoundContent() {
  const { pathname } = useLocation();
  return (
    <Center py={64}>
      <Stack align="center" gap="sm" maw={480}>
        <Text fz={56} fw={800} c="gray.6" lh={1}>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" ta="center" style={{ wordBreak: 'break-word' }}>
          There is no page at {pathname}.
        </Text>
        <Button component={Link} to="/" mt="sm">
          Go to Home
        </Button>
      </Stack>
    </Center>
  );
}

/** Unknown paths: inside the shell when signed in, on a plain page otherwise. */
export function NotFoundPage() {
  const { token } = useAuth();
  if (token) {
    return (
      <SessionGate>
        <Suspense
          fallback={
            <Center mih="100dvh">
              <Loader role="status" aria-label="Loading" />
            </Center>
          }
        >
          <Shell>
            <NotFoundContent />
          </Shell>
        </Suspense>
      </SessionGate>
    );
  }
  return (
    <Stack mih="100dvh" justify="space-between" bg="gray.0" p="md">
      <NotFoundContent />
      <Text component="footer" ta="center" fz="xs" c="dimmed">
        {FOOTER_TEXT}
      </Text>
    </Stack>
  );
}
