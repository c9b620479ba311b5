import type { EntityType } from '@turnout/shared';
import { solveChallenge } from 'altcha-lib/v1';
import { api } from '../../api/index.ts';

/** The signed link's query (spec 01 §7: tenantId and tenantHmac on every public-form call). */
export interface PublicLink {
  tenantId: string;
  tenantHmac: string;
}

export interface PublicForm {
  data: EntityType;
  tenant: { id: string; name: string; color: string };
  captcha: boolean;
}

/** Keys the form adds beside the fields (docs/decisions/0029): the honeypot and the captcha solution. */
export const HONEYPOT_KEY = '_website';
export const CAPTCHA_KEY = '_altcha';

export const PUBLIC_FORM_TEXT = {
  savedTitle: 'Saved Successfully',
  saved: 'Thankyou for your submission.',
  badLinkTitle: 'This link does not work',
  loadFailed: 'The form could not be loaded. Please try again later.',
  defaultColor: '#9a0223',
} as const;

export const linkOf = (search: string): PublicLink => {
  const params = new URLSearchParams(search);
  return { tenantId: params.get('tenantId') ?? '', tenantHmac: params.get('tenantHmac') ?? '' };
};

/** GET /public-forms/entity-type/{type}: the type with its public fields and the tenant header. */
export function fetchPublicForm(typeName: string, link: PublicLink, signal?: AbortSignal): Promise<PublicForm> {
  return api.get<PublicForm>(`/public-forms/entity-type/${encodeURIComponent(typeName)}`, { query: { ...link }, signal });
}

/**
 * The ALTCHA proof of work (docs/decisions/0029): a fresh challenge from this server, solved in
 * the browser with altcha-lib (Web Crypto), answered as the widget would (base64 JSON).
 */
export async function solveCaptcha(typeName: string, link: PublicLink): Promise<string> {
  const c = await api.get<{ algorithm: string; challenge: string; maxnumber?: number; salt: string; signature: string }>(
    `/public-forms/entity-type/${encodeURIComponent(typeName)}/challenge`,
    { query: { ...link } },
  );
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('The captcha could not be solved. Please try again.');
  return btoa(
    JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature }),
  );
}

/** POST /public-forms/entity/{type}: answers only the confirmation. */
export function submitPublicForm(typeName: string, link: PublicLink, values: Record<string, unknown>) {
  return api.post<{ title: string; message: string }>(`/public-forms/entity/${encodeURIComponent(typeName)}`, values, {
    query: { ...link },
  });
}
