// Mantine's base styles; each component's own come with it (vite.config.ts, decision 0047).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/notifications/styles.layer.css';
import './touch.css';
import './focus.css';
import './first-paint.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { authStore } from '../api/auth-store.ts';
import { AppUpdateNotice } from '../features/app-shell-offline/AppUpdateNotice.tsx';
import { OfflineCache } from '../features/app-shell-offline/OfflineCache.tsx';
import { environmentStore } from './environment.ts';
import { useHealth } from './health.ts';
import { createQueryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** Asks the server which environment it is (GET /api/health) and records the answer. */
function ServerEnvironment() {
  const health = useHealth();
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
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" zIndex={1000} />
      <AppUpdateNotice />
      <QueryClientProvider client={queryClient}>
        <OfflineCache>
          <ServerEnvironment />
          {children}
        </OfflineCache>
      </QueryClientProvider>
    </MantineProvider>
  );
}
