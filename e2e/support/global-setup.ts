import { rm } from 'node:fs/promises';
import { startMailServer } from './mail-server.ts';
import { startServer } from './server.ts';

/**
 * Starts one SMTP server and one real Turnout server for the run, the server sending its mail to
 * the SMTP server (messages land in TURNOUT_E2E_MAIL_DIR). The function it returns stops both
 * and removes their data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.TURNOUT_E2E_PORT);
  const mailDir = process.env.TURNOUT_E2E_MAIL_DIR;
  const lockDir = process.env.TURNOUT_E2E_LOCK_DIR;
  if (!Number.isInteger(port) || port <= 0 || !mailDir) {
    throw new Error('TURNOUT_E2E_PORT or TURNOUT_E2E_MAIL_DIR is not set: run Playwright with e2e/playwright.config.ts');
  }
  const mail = await startMailServer(mailDir);
  try {
    const server = await startServer(port, { smtpUrl: mail.url });
    return async () => {
      await server.stop();
      await mail.stop();
      await rm(mailDir, { recursive: true, force: true, maxRetries: 3 });
      if (lockDir) await rm(lockDir, { recursive: true, force: true, maxRetries: 3 });
    };
  } catch (error) {
    await mail.stop();
    await rm(mailDir, { recursive: true, force: true, maxRetries: 3 });
    if (lockDir) await rm(lockDir, { recursive: true, force: true, maxRetries: 3 });
    throw error;
  }
}
