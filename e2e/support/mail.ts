import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredMail } from './mail-server.ts';

function mailFolder(): string {
  const folder = process.env.TURNOUT_E2E_MAIL_DIR;
  if (!folder) throw new Error('TURNOUT_E2E_MAIL_DIR is not set: run Playwright with e2e/playwright.config.ts');
  return folder;
}

/** The newest message to `to` received at or after `since` (ms since epoch); waits for it up to `timeoutMs`. */
export async function waitForMail(to: string, since: number, timeoutMs = 15_000): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  const recipient = to.toLowerCase();
  while (Date.now() < deadline) {
    const names = (await readdir(mailFolder())).filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
    for (const name of names.reverse()) {
      const mail = JSON.parse(await readFile(path.join(mailFolder(), name), 'utf8')) as StoredMail;
      if (mail.receivedAt >= since && mail.to.includes(recipient)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} arrived within ${timeoutMs} ms`);
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded bodies of a message's text parts (single-part or multipart), headers left out. */
export function textParts(raw: string): string[] {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => textParts(part.replace(/^\r?\n/, '')));
  }
  const type = /content-type:\s*([^\s;]+)/i.exec(head)?.[1]?.toLowerCase() ?? 'text/plain';
  if (!type.startsWith('text/')) return [];
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return [Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')];
  if (encoding === 'quoted-printable') return [decodeQuotedPrintable(body)];
  return [body];
}

/** The /reset-password link of a password-reset or welcome mail. */
export function resetLinkIn(mail: StoredMail): URL {
  for (const text of textParts(mail.raw)) {
    const match = /(https?:\/\/[^\s"'<>]+\/reset-password\?[^\s"'<>]+)/.exec(text);
    if (match?.[1]) return new URL(match[1].replace(/&amp;/g, '&'));
  }
  throw new Error(`no reset link in the mail:\n${mail.raw}`);
}
