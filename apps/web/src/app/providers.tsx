import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { healthResponse } from '@turnout/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { authStore } from '../api/auth-store.ts';
import { ApiError, api } from '../api/index.ts';
import { environmentStore } from './environment.ts';
import { createQueryClient } from './query-client.ts';
import { theme } from './theme.ts';

/** Asks the server which environment it is (GET /api/health) and records the answer. */
function ServerEnvironment() {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/health', { signal, schema: healthResponse });
      } catch (error) {
        // A degraded server answers 503 with the same body: its environment still holds.
        if (error instanceof ApiError && error.statusCode === 503) return healthResponse.parse(error.body);
        throw error;
      }
    },
  });
  const reported = health.data?.environment;
  useEffect(() => {
    if (reported) environmentStore.setServer(reported);
  }, [reported]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  // Whatever signs the user out (the menu, a 401, another tab), nothing fetched for them stays.
  useEffect(
    () =>
      authStore.subscribe(() => {
        if (!authStore.token()) queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <ServerEnvironment />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
