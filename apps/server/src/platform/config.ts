import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { fileURLToPath } from 'node:url';

export type AppEnv = 'production' | 'staging' | 'development';

export interface Config {
  port: number;
  host: string;
  /**
   * TLS_CERT_FILE and TLS_KEY_FILE (PEM): with both, the server speaks HTTPS, HTTP/2 and HTTP/1.1
   * (docs/decisions/0049); unset, plain HTTP/1.1.
   */
  tls: { cert: Buffer; key: Buffer } | undefined;
  dataDir: string;
  /** PostgreSQL connection string; unset means the embedded PGlite database under dataDir. */
  databaseUrl: string | undefined;
  /**
   * DATABASE_REQUEST_URL: the login departments' transactions use (a member of turnout_app only,
   * docs/database-roles.md); unset, they use DATABASE_URL's. Needs DATABASE_URL.
   */
  databaseRequestUrl: string | undefined;
  demo: boolean;
  demoPassword: string;
  appEnv: AppEnv;
  version: string;
  buildHash: string;
  /** Largest accepted request body, in bytes (JSON); uploads have their own limit. */
  bodyLimit: number;
  /** Origins allowed by CORS; empty means CORS is off (same-origin only). */
  corsOrigins: string[];
  /**
   * TRUST_PROXY: the proxies whose X-Forwarded-For / -Proto / -Host are believed (addresses,
   * CIDR ranges, or loopback / linklocal / uniquelocal); empty believes no one (decision 0021).
   */
  trustProxy: string[];
  logLevel: string;
  /** Folder of the built web app, served at / when it exists. */
  webDist: string;
  /** Where people reach the app; links in emails start with it. */
  publicUrl: string;
  /** SMTP server URL for nodemailer; unset keeps mail in the outbox table only. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Key for secrets at rest (MFA secrets): SECRET_KEY (64 hex chars) or DATA_DIR/secret.key. */
  secretKey: Buffer;
  session: { idleHours: number; maxDays: number };
  /** argon2id cost; never below OWASP's minimum (19 MiB, 2 passes). */
  argon2: { memoryKiB: number; timeCost: number };
  /** Addresses of the global admins allowed to sign in as another user (spec 03 §6). */
  signInAsAdmins: string[];
  /** FILE_STORE: unset or 'local' keeps files under DATA_DIR/files; see platform/blobs. */
  fileStore: string | undefined;
  /** Largest accepted upload, in bytes (UPLOAD_MAX_BYTES, default 25 MiB). */
  uploadMaxBytes: number;
  /** The NERIS API (NERIS_API_URL, NERIS_CLIENT_ID, NERIS_CLIENT_SECRET); unset: submitting is off. */
  neris: { apiUrl: string | undefined; clientId: string | undefined; clientSecret: string | undefined };
  /** The background-check provider (BACKGROUND_CHECK_URL, BACKGROUND_CHECK_KEY); unset: checks are off. */
  backgroundCheck: { url: string | undefined; key: string | undefined };
  /** PUBLIC_FORM_SECRET signs public form links; unset: a key derived from secretKey (modules/public-forms). */
  publicFormSecret: string | undefined;
}

/**
 * The repository's root: the nearest folder above this module with the workspace's package.json
 * (this file runs from apps/server/src/platform in development and from the bundle in
 * apps/server/dist in production).
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    try {
      if ((JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name === 'turnout') return dir;
    } catch {}
    if (path.dirname(dir) === dir) return path.resolve(from, '../../../..');
  }
}
export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

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

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number of at least ${min}, got '${raw}'`);
  return value;
}

/**
 * The key for secrets at rest. SECRET_KEY (64 hex characters) in production; otherwise one is
 * made once and kept in DATA_DIR/secret.key (mode 0600), so a trial install needs no setup.
 */
function loadSecretKey(env: NodeJS.ProcessEnv, dataDir: string): Buffer {
  if (env.SECRET_KEY) {
    if (!/^[0-9a-fA-F]{64}$/.test(env.SECRET_KEY)) throw new Error('SECRET_KEY must be 64 hexadecimal characters (32 bytes)');
    return Buffer.from(env.SECRET_KEY, 'hex');
  }
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY as a list of addresses and ranges; anything else stops the start with its reason. */
export function parseTrustProxy(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 1 && ['off', 'false', 'no', '0', 'none'].includes(entries[0]!.toLowerCase())) return [];
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!(PROXY_NAMES.has(entry) || (family !== 0 && validBits && extra === undefined)))
      throw new Error(
        `TRUST_PROXY must list proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal), separated by commas; '${entry}' is not one`,
      );
  }
  return entries;
}

/** A PEM file named by `variable`; one that cannot be read stops the start with its path. */
function readPem(variable: string, file: string, baseDir: string): Buffer {
  const full = path.resolve(baseDir, file);
  try {
    return readFileSync(full);
  } catch (error) {
    throw new Error(`${variable}: cannot read ${full} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/** TLS_CERT_FILE and TLS_KEY_FILE, both or neither; relative paths are read from `baseDir`. */
function loadTls(env: NodeJS.ProcessEnv, baseDir: string): Config['tls'] {
  const certFile = env.TLS_CERT_FILE || undefined;
  const keyFile = env.TLS_KEY_FILE || undefined;
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile)
    throw new Error(
      `TLS_CERT_FILE and TLS_KEY_FILE go together: set both for HTTPS, or neither for plain HTTP (only ${certFile ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE'} is set)`,
    );
  const tls = { cert: readPem('TLS_CERT_FILE', certFile, baseDir), key: readPem('TLS_KEY_FILE', keyFile, baseDir) };
  // Checked here, where the variables can be named, rather than as an OpenSSL error when listening.
  try {
    createSecureContext(tls);
  } catch (error) {
    throw new Error(`TLS_CERT_FILE and TLS_KEY_FILE must be a PEM certificate and its private key: ${(error as Error).message}`);
  }
  return tls;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const databaseRequestUrl = env.DATABASE_REQUEST_URL || undefined;
  if (databaseRequestUrl && !databaseUrl)
    throw new Error('DATABASE_REQUEST_URL needs DATABASE_URL: the embedded database (PGlite) has no logins');
  const port = Number.parseInt(env.PORT ?? '3000', 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  // Relative paths are read from where the command was typed (npm runs workspace scripts in
  // their own folder and says where it started in INIT_CWD); the default is ./data at the root.
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = env.DATA_DIR ? path.resolve(baseDir, env.DATA_DIR) : path.join(repoRoot, 'data');
  const tls = loadTls(env, baseDir);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    tls,
    dataDir,
    databaseUrl,
    databaseRequestUrl,
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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    publicUrl: (env.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Turnout <no-reply@turnout.example>',
    // Tests use a throwaway key rather than writing one into the working folder.
    secretKey: env.TURNOUT_EPHEMERAL_SECRET === '1' && !env.SECRET_KEY ? randomBytes(32) : loadSecretKey(env, dataDir),
    session: { idleHours: positiveNumber(env, 'SESSION_IDLE_HOURS', 12, 0.01), maxDays: positiveNumber(env, 'SESSION_MAX_DAYS', 7, 0.01) },
    argon2: {
      memoryKiB: positiveNumber(env, 'ARGON2_MEMORY_KIB', 65_536, 19_456),
      timeCost: positiveNumber(env, 'ARGON2_TIME_COST', 2, 2),
    },
    signInAsAdmins: (env.SIGN_IN_AS_ADMINS ?? 'admin@turnout.example')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    fileStore: env.FILE_STORE || undefined,
    uploadMaxBytes: positiveNumber(env, 'UPLOAD_MAX_BYTES', 25 * 1024 * 1024, 1),
    neris: {
      apiUrl: env.NERIS_API_URL || undefined,
      clientId: env.NERIS_CLIENT_ID || undefined,
      clientSecret: env.NERIS_CLIENT_SECRET || undefined,
    },
    publicFormSecret: env.PUBLIC_FORM_SECRET || undefined,
    backgroundCheck: { url: env.BACKGROUND_CHECK_URL || undefined, key: env.BACKGROUND_CHECK_KEY || undefined },
  };
}
