import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { followBrowserOnlineState } from './features/app-shell-offline/offline-start.ts';
import { registerAppUpdate } from './features/app-shell-offline/register-app-update.ts';

// Opened with no network: queries wait for it (and show what the device kept) rather than fail.
followBrowserOnlineState();
registerAppUpdate();
const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
