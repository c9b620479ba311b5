import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: on the 2-core CI machine, one file at a
// time, with the second core idle while a server test waits on its database.
const workers = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Web component tests render Mantine screens: 1–2 s each on a quiet machine, several
          // times that on a busy 2-core one; the default 5 s made them fail for load alone.
          testTimeout: 20_000,
          setupFiles: ['apps/web/src/test/wait-timeout.ts'],
          maxWorkers: workers,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // PGlite starts in 1–3 s per file and server tests talk to a database.
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: workers,
          // Each file copies one database migrated before the run (src/test/global-setup.ts).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
    ],
  },
});
