import path from 'node:path';
import { buildApp } from './app.ts';
import { seedDemo } from './demo/seed.ts';
import { loadFutureEntities } from './modules/calendar/occurrences.ts';
import { indexPdfText } from './modules/documents/pdf-text.ts';
import { runDailyChecks } from './modules/entities/daily.ts';
import { ensureNerisIncidentType } from './modules/neris/core-type.ts';
import { loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { databaseRoleWarning, requestLoginWarnings } from './platform/db/role-check.ts';
import { JobRunner } from './platform/jobs.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    requestUrl: config.databaseRequestUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  const applied = await migrate(db);
  // Core types written from generated definitions (not migrations): the NERIS Incident type.
  await ensureNerisIncidentType(db.kysely);
  const app = await buildApp({ config, db });
  const jobs = new JobRunner(db, app.log);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');
  const roleWarning = await databaseRoleWarning(db);
  if (roleWarning) app.log.warn(roleWarning);
  for (const warning of await requestLoginWarnings(db)) app.log.warn(warning);
  const accounts = config.demo ? await seedDemo({ db: db.kysely, password: config.demoPassword, argon2: config.argon2 }) : [];

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    // Jobs finish their round, app.close() waits for in-flight requests, then its onClose hook
    // closes the database.
    jobs
      .stop()
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.jobs.start();
  jobs.start([
    {
      name: 'daily-action-checks',
      everyMs: 60 * 60_000,
      run: async () => void (await runDailyChecks(db.kysely, app.mailer, undefined, config.backgroundCheck)),
    },
  ]);
  // Recurring events: the records of occurrences starting in the next day (once each, whichever process runs it).
  const recordDeps = {
    mailer: app.mailer,
    background: app.background,
    blobs: app.blobs,
    log: app.log,
    backgroundCheck: config.backgroundCheck,
  };
  jobs.start([{ name: 'recurring-events', everyMs: 60 * 60_000, run: async () => void (await loadFutureEntities(db.kysely, recordDeps)) }]);
  // PDFs filed as documents whose text was not read yet (after a restart, or filed by a record save).
  jobs.start([
    {
      name: 'index-pdf-text',
      everyMs: 5 * 60_000,
      run: async () => void (await indexPdfText({ db: db.kysely, blobs: app.blobs, log: app.log })),
    },
  ]);
  // Fastify's address starts with https:// when the server has a certificate (TLS_CERT_FILE).
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const lines = [
    '',
    `  Turnout ${config.version} (${config.buildHash}) is running at ${url}`,
    `  Database: ${db.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : `PostgreSQL (DATABASE_URL${db.requestKysely ? '; requests: DATABASE_REQUEST_URL' : ''})`}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (config.demo) {
    lines.push(`  Demo data: on (DEMO=off to disable). Sign in with any of these; password: ${config.demoPassword}`);
    for (const account of accounts) {
      lines.push(`    ${account.email.padEnd(32)} ${account.role.padEnd(14)} ${account.tenant ?? '(all departments)'}`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Turnout failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
