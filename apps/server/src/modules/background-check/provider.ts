/**
 * The background-check provider (spec 01 §7, 02 §3): an outside service configured by
 * BACKGROUND_CHECK_URL and BACKGROUND_CHECK_KEY. We call it with JSON and a bearer key:
 * `POST {url}/initiate` { tenant_id, entity_id, entity_type, action, values } may answer
 * { report_url }; `POST {url}/retrieve` { report_url } answers { report_link }.
 */
export interface BackgroundCheckConfig {
  url: string | undefined;
  key: string | undefined;
}

export const BACKGROUND_CHECK_MESSAGES = {
  notConfigured: 'Background checks are not configured on this installation.',
  unreachable: 'The background check provider could not be reached.',
  refused: (status: number) => `The background check provider answered HTTP ${status}.`,
  noLink: 'The background check provider sent no report link.',
} as const;

const TIMEOUT_MS = 10_000;

export class BackgroundCheckError extends Error {}

export const isConfigured = (config: BackgroundCheckConfig | undefined): config is { url: string; key: string | undefined } =>
  Boolean(config?.url);

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** One call to the provider; its JSON answer, or a BackgroundCheckError saying what went wrong. */
export async function callProvider(
  config: { url: string; key: string | undefined },
  path: 'initiate' | 'retrieve',
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`${config.url.replace(/\/$/, '')}/${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...(config.key ? { authorization: `Bearer ${config.key}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new BackgroundCheckError(BACKGROUND_CHECK_MESSAGES.unreachable);
  }
  if (!response.ok) throw new BackgroundCheckError(BACKGROUND_CHECK_MESSAGES.refused(response.status));
  try {
    const answer = (await response.json()) as unknown;
    return answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The report link the provider gives for a report url, only an http(s) address. */
export async function reportLinkFor(config: { url: string; key: string | undefined }, reportUrl: string): Promise<string> {
  const answer = await callProvider(config, 'retrieve', { report_url: reportUrl });
  if (!isHttpUrl(answer.report_link)) throw new BackgroundCheckError(BACKGROUND_CHECK_MESSAGES.noLink);
  return answer.report_link;
}

/** The report url an initiate answer carries, when it is an http(s) address. */
export const reportUrlOf = (answer: Record<string, unknown>): string | undefined =>
  isHttpUrl(answer.report_url) ? answer.report_url : undefined;

export { isHttpUrl };
