import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type AppEnv = 'production' | 'staging' | 'development';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; unset means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  demo: boolean;
  demoPassword: string;
  appEnv: AppEnv;
  version: string;
  buildHash: string;
  /** Largest accepted request body, in bytes (JSON); uploads have their own limit. */
  bodyLimit: number;
  /** Origins allowed by CORS; empty means CORS is off (same-origin only). */
  corsOrigins: string[];
  logLevel: string;
  /** Folder of the built web app, served at / when it exists. */
  webDist: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../../..');

/** The documented default for local trials only; production sets DEMO off or its own password. */
export const DEFAULT_DEMO_PASSWORD = 'turnout-demo-2026';

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

function readBuildHash(env: NodeJS.ProcessEnv): string {
  if (env.BUILD_HASH) return env.BUILD_HASH;
  try {
    const head = readFileSync(path.join(repoRoot, '.git/HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head.slice(0, 12);
    const ref = head.slice(5);
    try {
      return readFileSync(path.join(repoRoot, '.git', ref), 'utf8')
        .trim()
        .slice(0, 12);
    } catch {
      const packed = readFileSync(path.join(repoRoot, '.git/packed-refs'), 'utf8');
      const line = packed.split('\n').find((l) => l.endsWith(` ${ref}`));
      return line ? line.slice(0, 12) : 'unknown';
    }
  } catch {
    return 'unknown';
  }
}

function parseFlag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'on', 'yes'].includes(value.toLowerCase());
}

function parseAppEnv(value: string | undefined): AppEnv {
  if (value === 'production' || value === 'staging' || value === 'development') return value;
  if (value === 'prod') return 'production';
  if (value === 'stage') return 'staging';
  return 'development';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const port = Number.parseInt(env.PORT ?? '3000', 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    demo: parseFlag(env.DEMO, databaseUrl === undefined),
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    appEnv: parseAppEnv(env.APP_ENV),
    version: readVersion(),
    buildHash: readBuildHash(env),
    bodyLimit: Number.parseInt(env.BODY_LIMIT ?? `${1024 * 1024}`, 10),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
  };
}
