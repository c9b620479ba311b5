import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

const WAIT_STEP_MS = 200;

function lockFolder(): string {
  const folder = process.env.TURNOUT_E2E_LOCK_DIR;
  if (!folder) throw new Error('TURNOUT_E2E_LOCK_DIR is not set: run Playwright with e2e/playwright.config.ts');
  return folder;
}

/**
 * Runs `work` while holding the named lock, shared by every worker of the run (a folder made
 * atomically in TURNOUT_E2E_LOCK_DIR). For state one test changes and another depends on while
 * both run at once, such as a tenant's sign-in (see support/users.ts).
 */
export async function withLock<T>(name: string, work: () => Promise<T>, timeoutMs = 90_000): Promise<T> {
  const lock = path.join(lockFolder(), `${name}.lock`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`The '${name}' lock was not free within ${timeoutMs} ms.`);
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Lakeside's sign-in is switched off by one test, which ends every session acting in Lakeside. */
export const LAKESIDE_SIGN_IN_LOCK = 'lakeside-sign-in';
