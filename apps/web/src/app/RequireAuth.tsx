import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../api/auth-store.ts';
import { isSignedOut } from '../api/index.ts';
import { CurrentUserProvider, useCurrentUserQuery } from '../features/identity/current-user.tsx';
import { OfflineQueueProvider } from '../features/offline/offline-context.tsx';
import { PageFirstPaint } from './first-paint.tsx';
import { isSignedOutByChoice, signOut } from './sign-out.ts';

/**
 * Loads the session's user (GET /user) before any signed-in screen renders. A 401 makes the API
 * client forget the token, which sends the app to /signin (spec 01 §4).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const user = useCurrentUserQuery();
  const navigate = useNavigate();
  // The shell and the first screen render as a transition once the user is in: React renders
  // them in slices of a few milliseconds, not in one task that blocks a slow phone for most of
  // a second (issue 20, Lighthouse's Total Blocking Time).
  const shown = useDeferredValue(user.data);
  if (shown)
    return (
      <CurrentUserProvider user={shown}>
        <OfflineQueueProvider>{children}</OfflineQueueProvider>
      </CurrentUserProvider>
    );
  if (user.isError && !isSignedOut(user.error)) {
    return (
      <Center mih="100dvh" p="md">
        <Stack maw={480} gap="md">
          <Alert color="red" variant="light" role="alert" title="Your account could not be loaded">
            {user.error.message}
          </Alert>
          <Group justify="center">
            <Button onClick={() => void user.refetch()} loading={user.isFetching}>
              Try again
            </Button>
            <Button
              variant="default"
              onClick={() => {
                navigate('/signin', { replace: true });
                signOut();
              }}
            >
              Sign Out
            </Button>
          </Group>
        </Stack>
      </Center>
    );
  }
  // The frame index.html painted before any JavaScript ran (with a list's title, as its script
  // put it there), with what is happening.
  return (
    <PageFirstPaint>
      <Text c="dimmed" fz="sm" role="status">
        Loading your account…
      </Text>
    </PageFirstPaint>
  );
}

/** Everything but the sign-in area needs a token (spec 01 §2.1); without one, go to /signin and come back after. */
export function RequireAuth() {
  const { token } = useAuth();
  const location = useLocation();
  if (!token) {
    // After a 401 the user comes back to where they were; after choosing Sign Out, to Home.
    const from = isSignedOutByChoice() ? undefined : { pathname: location.pathname, search: location.search };
    return <Navigate to="/signin" replace state={from ? { from } : null} />;
  }
  return (
    <SessionGate>
      <Outlet />
    </SessionGate>
  );
}
