import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/tls');
const base = { TURNOUT_EPHEMERAL_SECRET: '1' };

describe('configuration: TLS_CERT_FILE and TLS_KEY_FILE', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'turnout-config-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('serves plain HTTP when neither is set', () => {
    const config = loadConfig({ ...base, PORT: '4100' });
    expect(config.tls).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ ...base, TLS_CERT_FILE: '', TLS_KEY_FILE: '' }).tls).toBeUndefined();
  });

  it('reads both files, relative paths from where the command was typed, and defaults PUBLIC_URL to https', () => {
    const config = loadConfig({ ...base, PORT: '4443', INIT_CWD: fixtures, TLS_CERT_FILE: 'cert.pem', TLS_KEY_FILE: './key.pem' });
    expect(config.tls?.cert.equals(readFileSync(path.join(fixtures, 'cert.pem')))).toBe(true);
    expect(config.tls?.key.equals(readFileSync(path.join(fixtures, 'key.pem')))).toBe(true);
    expect(config.publicUrl).toBe('https://localhost:4443');
    const given = loadConfig({
      ...base,
      TLS_CERT_FILE: path.join(fixtures, 'cert.pem'),
      TLS_KEY_FILE: path.join(fixtures, 'key.pem'),
      PUBLIC_URL: 'https://station1.example/',
    });
    expect(given.publicUrl).toBe('https://station1.example');
  });

  it('refuses one without the other, naming the one that is set', () => {
    expect(() => loadConfig({ ...base, TLS_CERT_FILE: path.join(fixtures, 'cert.pem') })).toThrow(
      /^TLS_CERT_FILE and TLS_KEY_FILE go together: .*\(only TLS_CERT_FILE is set\)$/,
    );
    expect(() => loadConfig({ ...base, TLS_KEY_FILE: path.join(fixtures, 'key.pem') })).toThrow(/\(only TLS_KEY_FILE is set\)$/);
  });

  it('names the variable and the path of a file it cannot read', () => {
    const missing = path.join(scratch, 'missing.pem');
    expect(() => loadConfig({ ...base, TLS_CERT_FILE: missing, TLS_KEY_FILE: path.join(fixtures, 'key.pem') })).toThrow(
      `TLS_CERT_FILE: cannot read ${missing} (ENOENT)`,
    );
    expect(() =>
      loadConfig({ ...base, INIT_CWD: scratch, TLS_CERT_FILE: path.join(fixtures, 'cert.pem'), TLS_KEY_FILE: 'nope.pem' }),
    ).toThrow(`TLS_KEY_FILE: cannot read ${path.join(scratch, 'nope.pem')} (ENOENT)`);
  });

  it('refuses files that are not a certificate and its own key', () => {
    const otherKey = path.join(scratch, 'other-key.pem');
    writeFileSync(otherKey, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const notPem = path.join(scratch, 'not.pem');
    writeFileSync(notPem, 'hello');
    for (const [cert, key] of [
      [path.join(fixtures, 'cert.pem'), otherKey],
      [notPem, path.join(fixtures, 'key.pem')],
      [path.join(fixtures, 'key.pem'), path.join(fixtures, 'cert.pem')],
    ] as const) {
      expect(() => loadConfig({ ...base, TLS_CERT_FILE: cert, TLS_KEY_FILE: key }), `${cert} + ${key}`).toThrow(
        /^TLS_CERT_FILE and TLS_KEY_FILE must be a PEM certificate and its private key: /,
      );
    }
  });
});
