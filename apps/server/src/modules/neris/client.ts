/**
 * A client of the NERIS API (api.neris.fsri.org/v1 in production): OAuth2 client credentials
 * against {base}/token (HTTP Basic with the client id and secret), then the bearer token on
 * POST {base}/incident/{department NERIS ID} (create) and …/validate. The endpoint and the
 * credentials come from NERIS_API_URL, NERIS_CLIENT_ID and NERIS_CLIENT_SECRET (README). Tests
 * run it against a local HTTP server that checks what it receives.
 */

export interface NerisClientConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Milliseconds before a call is given up (default 30 s). */
  timeoutMs?: number;
}

export class NerisApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export interface NerisSubmission {
  status: number;
  /** The incident's NERIS id as the API answers it (neris_id), when it does. */
  nerisId: string | null;
  body: unknown;
}

const USER_AGENT = 'Turnout-NERIS-Client/1';

export class NerisClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly config: NerisClientConfig) {}

  private url(path: string): string {
    return `${this.config.baseUrl.replace(/\/+$/, '')}${path}`;
  }

  private async call(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(this.url(path), {
        ...init,
        headers: { 'user-agent': USER_AGENT, accept: 'application/json', ...(init.headers as Record<string, string>) },
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new NerisApiError(`The NERIS API could not be reached: ${(error as Error).message}`, null, null);
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, body };
  }

  /** A bearer token, fetched with the client credentials and kept until shortly before it expires. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 30_000) return this.token.value;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const { status, body } = await this.call('/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    const got = body as { access_token?: unknown; expires_in?: unknown };
    if (status !== 200 || typeof got?.access_token !== 'string')
      throw new NerisApiError(`NERIS refused the credentials (HTTP ${status}).`, status, body);
    const seconds = typeof got.expires_in === 'number' ? got.expires_in : 3600;
    this.token = { value: got.access_token, expiresAt: Date.now() + seconds * 1000 };
    return got.access_token;
  }

  private async post(path: string, payload: unknown): Promise<{ status: number; body: unknown }> {
    const send = async () =>
      this.call(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    let result = await send();
    if (result.status === 401) {
      // A token revoked before its time: one fresh token, one more try.
      this.token = null;
      result = await send();
    }
    return result;
  }

  private static failure(action: string, status: number, body: unknown): NerisApiError {
    const detail = typeof body === 'object' && body && 'detail' in body ? JSON.stringify((body as { detail: unknown }).detail) : '';
    return new NerisApiError(`NERIS ${action} failed (HTTP ${status})${detail ? `: ${detail.slice(0, 500)}` : '.'}`, status, body);
  }

  /** POST /incident/{department}: creates the incident in NERIS. */
  async submitIncident(departmentNerisId: string, payload: unknown): Promise<NerisSubmission> {
    const { status, body } = await this.post(`/incident/${encodeURIComponent(departmentNerisId)}`, payload);
    if (status < 200 || status >= 300) throw NerisClient.failure('submission', status, body);
    const nerisId = typeof body === 'object' && body && 'neris_id' in body ? String((body as { neris_id: unknown }).neris_id) : null;
    return { status, nerisId, body };
  }

  /** POST /incident/{department}/validate: NERIS's own check of a payload, nothing stored. */
  async validateIncident(departmentNerisId: string, payload: unknown): Promise<{ status: number; body: unknown }> {
    const { status, body } = await this.post(`/incident/${encodeURIComponent(departmentNerisId)}/validate`, payload);
    if (status >= 500) throw NerisClient.failure('validation', status, body);
    return { status, body };
  }
}
