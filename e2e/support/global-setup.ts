import { startServer } from './server.ts';

/** Starts one real server for the run; the function it returns stops it (SIGTERM) and removes its data. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.TURNOUT_E2E_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('TURNOUT_E2E_PORT is not set: run Playwright with e2e/playwright.config.ts');
  const server = await startServer(port);
  return () => server.stop();
}
