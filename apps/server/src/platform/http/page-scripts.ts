import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/**
 * The CSP sources that allow the inline scripts of the web app's page, by their SHA-256 hashes:
 * the page carries one small script (the web build's preload script, apps/web/vite.config.ts),
 * and the policy allows exactly that script, never 'unsafe-inline'. Read once at start from the
 * built index.html; none when there is no build.
 */
export function pageScriptHashes(indexHtml: string): string[] {
  if (!existsSync(indexHtml)) return [];
  return inlineScripts(readFileSync(indexHtml, 'utf8')).map((source) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`);
}

/** The text of each <script> element of `html` that has no src. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\bsrc\s*=/i.test(m[1] ?? '') && (m[2] ?? '').trim() !== '')
    .map((m) => m[2]!);
}
