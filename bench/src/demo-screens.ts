/**
 * The issue 20 screens of the demo department, as the web bench tools open them: signed in as
 * the demo firefighter, a list of hydrants, and the first hydrant's record.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { benchFetch, TLS_ENV } from './server.ts';

/** The base64 SHA-256 of the throwaway certificate's public key, as Chromium's SPKI list takes it. */
function throwawaySpki(): string {
  const certificate = new X509Certificate(readFileSync(TLS_ENV.TLS_CERT_FILE));
  const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

export type DemoScreen = 'signin' | 'home' | 'list' | 'record';

export async function signInDemoFirefighter(base: string): Promise<string> {
  const res = await benchFetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'firefighter@riverside.example', password: 'turnout-demo-2026' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The path of a screen; the record is the first hydrant the token can read. */
export async function demoScreenPath(base: string, token: string, screen: string): Promise<string> {
  if (screen === 'signin') return '/signin';
  if (screen === 'list') return '/entity-list/?type=hydrant';
  if (screen !== 'record') return '/';
  const res = await benchFetch(`${base}/api/entity/hydrant?per_page=1`, { headers: { authorization: `Bearer ${token}` } });
  const id = ((await res.json()) as { data: { id: string }[] }).data[0]?.id;
  if (!id) throw new Error('the demo has no hydrant');
  return `/entity/hydrant/${id}`;
}

/**
 * Debian's Chromium in a new profile with a remote-debugging port for Lighthouse. The service
 * worker is blocked: a first visit, with no precache answering (it would fetch the whole app
 * in the background and serve later runs from it). The bench's server over TLS has a throwaway
 * certificate that this browser trusts by its key alone (no other certificate error is ignored).
 */
export async function lighthouseChromium(port: number): Promise<{ context: BrowserContext; profile: string }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'turnout-bench-lh-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    serviceWorkers: 'block',
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--ignore-certificate-errors-spki-list=${throwawaySpki()}`,
    ],
  });
  return { context, profile };
}
