import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import { ArrivingRows } from './arriving-rows.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import type { DB } from './schema.ts';
import { beginInOneRoundTrip, readInOneRoundTrip, runTenantWorkOn } from './tenancy.ts';

/** A connection that accepts multi-statement scripts; used by migrations only. */
export interface RawConnection {
  exec(script: string): Promise<void>;
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  kysely: Kysely<DB>;
  /** One transaction on one connection, with scripts allowed. */
  rawTransaction<T>(fn: (raw: RawConnection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL: the connection string, for connections of their own (the event bus's LISTEN). */
  connectionString?: string;
  /**
   * PostgreSQL with DATABASE_REQUEST_URL: the pool that logs in as the request role, on which
   * `withContext` runs every department's transaction (docs/database-roles.md). `kysely` stays
   * the owner's, for migrations and global work.
   */
  requestKysely?: Kysely<DB>;
  /** Embedded: the PGlite instance (the event bus listens on it in-process). */
  pglite?: PGlite;
}

export interface OpenOptions {
  /** PostgreSQL connection string. When unset the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL only: the connection string of the request login (DATABASE_REQUEST_URL), a role
   * that is a member of turnout_app and nothing else. When unset, departments' transactions
   * use databaseUrl's login as well.
   */
  requestUrl?: string | undefined;
  /** Folder of the embedded database; undefined keeps it in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * In memory only: a dumped data directory (PGlite's dumpDataDir) to start from instead of an
   * empty database. Tests start each file from one migrated copy (src/test/global-setup.ts).
   */
  pgliteImage?: Blob | undefined;
  poolSize?: number;
}

// Both drivers read values alike: `bigint` (count(*), ids) as a JS number, which every count
// this app makes fits in, and `date` as its 'yyyy-MM-dd' text, never a Date at local midnight.
const parseBigint = (value: string) => Number.parseInt(value, 10);
const keepText = (value: string) => value;
pg.types.setTypeParser(20, parseBigint);
pg.types.setTypeParser(1082, keepText);
const PGLITE_PARSERS = { 20: parseBigint, 1082: keepText };

/**
 * A parameter's value as a quoted SQL literal: the text pg would send for it (pg's prepareValue),
 * quoted by pg's escapeLiteral (quotes doubled, backslashes doubled in an E'' string); NULL for
 * null, bytes as their hex form.
 */
export function sqlLiteral(value: unknown): string {
  const text = pgUtils.prepareValue(value) as string | Buffer | null;
  if (text === null) return 'NULL';
  return pg.escapeLiteral(Buffer.isBuffer(text) ? `\\x${text.toString('hex')}` : text);
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.requestUrl && !options.databaseUrl)
    throw new Error('DATABASE_REQUEST_URL needs DATABASE_URL: the embedded database has no logins');
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.requestUrl, options.poolSize ?? 10)
    : openPglite(options.pgliteDir, options.pgliteImage);
}

function postgresPool(connectionString: string, max: number): { pool: pg.Pool; kysely: Kysely<DB> } {
  const pool = new pg.Pool({ connectionString, max });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // `cursor`: what Kysely's stream() reads a query's rows through (ArrivingRows: as they arrive).
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool, cursor: ArrivingRows }) });
  beginInOneRoundTrip(kysely);
  readInOneRoundTrip(kysely, {
    async run(script) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        // Without parameters pg sends the script as one simple query and gives one result a statement.
        const results = (await client.query(script)) as unknown as pg.QueryResult | pg.QueryResult[];
        return (Array.isArray(results) ? results : [results]).map((r) => r.rows);
      } catch (error) {
        // A failed statement leaves the script's transaction open and aborted: end it, or drop the connection.
        await client.query('ROLLBACK').catch((e: Error) => {
          broken = e;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    literal: sqlLiteral,
  });
  return { pool, kysely };
}

async function openPostgres(connectionString: string, requestUrl: string | undefined, max: number): Promise<Database> {
  const { pool, kysely } = postgresPool(connectionString, max);
  // Requests are most of the work: their pool gets the same size; the owner's serves global work and jobs.
  const request = requestUrl ? postgresPool(requestUrl, max) : undefined;
  const requestKysely = request?.kysely;
  if (requestKysely) runTenantWorkOn(kysely, requestKysely);
  return {
    kind: 'postgres',
    kysely,
    connectionString,
    ...(requestKysely ? { requestKysely } : {}),
    async rawTransaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          // Without parameters pg uses the simple query protocol, which runs several statements.
          exec: async (script) => void (await client.query(script)),
          query: async (text, params) => (await client.query(text, params)).rows,
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await Promise.all([kysely.destroy(), requestKysely?.destroy()]);
      // Kysely ends a pool only once it has run a query through it: a database used only
      // through rawTransaction (a migration run) kept its connection open.
      await Promise.all([pool, request?.pool].map((p) => (p && !p.ending ? p.end() : undefined)));
    },
  };
}

async function openPglite(dir: string | undefined, image?: Blob): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    lock = acquireDataDirLock(dir);
  }
  let pglite: PGlite;
  try {
    const options = { parsers: PGLITE_PARSERS, extensions: { pg_trgm, btree_gin } };
    pglite = await PGlite.create(dir ? { ...options, dataDir: dir, relaxedDurability: false } : { ...options, loadDataDir: image });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const kysely = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  let closed = false;
  return {
    kind: 'pglite',
    kysely,
    pglite,
    rawTransaction: (fn) =>
      pglite.transaction((tx) =>
        fn({
          exec: async (script) => void (await tx.exec(script)),
          query: async (text, params) => (await tx.query(text, params)).rows as never[],
        }),
      ),
    async close() {
      if (closed) return;
      closed = true;
      // Kysely's destroy closes PGlite, which checkpoints and flushes the data directory.
      await kysely.destroy();
      lock?.release();
    },
  };
}
