import { StrictMode, startTransition } from 'react';
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

// The first render as a transition: React renders it in slices of a few milliseconds, so on a
// slow phone the page answers input while the app starts (issue 20, Total Blocking Time). The
// frame index.html painted stays on the screen until React commits (decision 0041).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
