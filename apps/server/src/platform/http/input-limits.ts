import type { FastifyInstance } from 'fastify';
import { addFieldError, type FieldErrors, invalid } from './errors.ts';

/**
 * Limits every request's input meets before any route reads it (issue 19, docs/api.md):
 *
 * - no NUL character (U+0000) in any text — body, query string or path — or key: PostgreSQL
 *   refuses it in text and jsonb, so it is answered 422 here instead of a 500 there;
 * - a JSON body nested at most MAX_DEPTH levels: deeper values are refused before any code
 *   walks, stringifies or stores them (JSON.stringify of 100,000 levels overflows the stack).
 *
 * Errors are keyed by the top-level property (or query parameter) that holds the offence.
 */
export const MAX_DEPTH = 64;

export const INPUT_MESSAGES = {
  nul: 'The text may not contain NUL characters.',
  depth: `The data may not be nested more than ${MAX_DEPTH} levels deep.`,
};

/** Parsed JSON or a parsed query string; not a stream (an upload) or a buffer, which are not text. */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !ArrayBuffer.isView(value) &&
  typeof (value as { pipe?: unknown }).pipe !== 'function';

/** The offences in one value, walked without recursion so that no depth can overflow the stack. */
function offences(value: unknown): { nul: boolean; tooDeep: boolean } {
  let nul = false;
  let tooDeep = false;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0 && !(nul && tooDeep)) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) nul = true;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth > MAX_DEPTH) {
      tooDeep = true;
      continue;
    }
    if (Array.isArray(item)) {
      for (const child of item) stack.push([child, depth + 1]);
      continue;
    }
    if (!isRecord(item)) continue;
    for (const key of Object.keys(item)) {
      if (key.includes('\u0000')) nul = true;
      stack.push([(item as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return { nul, tooDeep };
}

/** Field errors of one request part: its top-level entries, or `key` for the part as a whole. */
function check(errors: FieldErrors, part: unknown, key: string): void {
  if (part === null || part === undefined) return;
  const entries: [string, unknown][] = isRecord(part) ? Object.entries(part) : [[key, part]];
  for (const [name, value] of entries) {
    const found = offences(value);
    const field = name.includes('\u0000') ? key : name;
    if (found.nul || name.includes('\u0000')) addFieldError(errors, field, INPUT_MESSAGES.nul);
    if (found.tooDeep) addFieldError(errors, field, INPUT_MESSAGES.depth);
  }
}

export function registerInputLimits(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const errors: FieldErrors = {};
    check(errors, request.params, 'path');
    check(errors, request.query, 'query');
    check(errors, request.body, 'body');
    if (Object.keys(errors).length > 0) throw invalid(errors);
  });
}
