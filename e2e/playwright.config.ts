import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from './support/server.ts';

// Chosen once, in the main process; the workers it starts inherit the variables, so all agree.
process.env.TURNOUT_E2E_PORT ??= String(await freePort());
// The test SMTP server writes each received message here (support/mail.ts reads them).
process.env.TURNOUT_E2E_MAIL_DIR ??= mkdtempSync(path.join(tmpdir(), 'turnout-e2e-mail-'));
// Locks that tests of different workers take around shared state (support/locks.ts).
process.env.TURNOUT_E2E_LOCK_DIR ??= mkdtempSync(path.join(tmpdir(), 'turnout-e2e-locks-'));

const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  reporter: 'list',
  // CI machines have been seen running this suite 2.7× slower than a quiet local one (12.8 min
  // against 4.7): a test gets twice the time there, so slowness alone does not fail it.
  timeout: CI ? 60_000 : 30_000,
  expect: { timeout: CI ? 20_000 : 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${process.env.TURNOUT_E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Chromium from Debian (apt); Playwright never downloads a browser here.
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--disable-quic',
            '--no-first-run',
          ],
        },
      },
    },
  ],
});
