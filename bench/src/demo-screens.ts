/**
 * The issue 20 screens of the demo department, as the web bench tools open them: signed in as
 * the demo firefighter, a list of hydrants, and the first hydrant's record.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export type DemoScreen = 'signin' | 'home' | 'list' | 'record';

export async function signInDemoFirefighter(base: string): Promise<string> {
  const res = await fetch(`${base}/api/user/login`, {
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
  const res = await fetch(`${base}/api/entity/hydrant?per_page=1`, { headers: { authorization: `Bearer ${token}` } });
  const id = ((await res.json()) as { data: { id: string }[] }).data[0]?.id;
  if (!id) throw new Error('the demo has no hydrant');
  return `/entity/hydrant/${id}`;
}

/**
 * Debian's Chromium in a new profile with a remote-debugging port for Lighthouse. The service
 * worker is blocked: a first visit, with no precache answering (it would fetch the whole app
 * in the background and serve later runs from it).
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
    ],
  });
  return { context, profile };
}
