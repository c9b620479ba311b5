import { find } from 'linkifyjs';

export type TextPart = { text: string; href?: undefined } | { text: string; href: string };

const SAFE_SCHEMES = /^(https?:|mailto:)/i;

/**
 * A message body as plain text with its links found (linkifyjs): only http, https and mailto
 * links become links; everything else, markup included, stays text.
 */
export function messageParts(body: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const link of find(body)) {
    if (!link.isLink || !SAFE_SCHEMES.test(link.href)) continue;
    if (link.start > at) parts.push({ text: body.slice(at, link.start) });
    parts.push({ text: link.value, href: link.href });
    at = link.end;
  }
  if (at < body.length) parts.push({ text: body.slice(at) });
  return parts;
}
