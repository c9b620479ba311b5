import { useQuery } from '@tanstack/react-query';
import type { HealthResponse } from '@turnout/shared';
import { ApiError, api } from '../api/index.ts';

/**
 * The shared contract's healthResponse, checked by hand: the health call runs on every screen,
 * the sign-in screen included, whose first download leaves zod out (issue 20, decision 0022).
 * Only `environment` is read by the app; the rest is checked for shape.
 */
export const healthParser = {
  parse(data: unknown): HealthResponse {
    const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    const database = (typeof body.database === 'object' && body.database !== null ? body.database : {}) as Record<string, unknown>;
    const ok =
      (body.status === 'ok' || body.status === 'degraded') &&
      typeof body.version === 'string' &&
      typeof body.build_hash === 'string' &&
      typeof body.environment === 'string' &&
      (database.kind === 'pglite' || database.kind === 'postgres') &&
      typeof database.ok === 'boolean' &&
      (database.latency_ms === null || typeof database.latency_ms === 'number');
    if (!ok) throw new Error('The health answer does not have the expected shape.');
    return body as unknown as HealthResponse;
  },
};

/** GET /api/health: the server's environment, version and build. */
export function useHealth() {
  return useQuery({
    queryKey: ['health'],
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/health', { signal, schema: healthParser });
      } catch (error) {
        // A degraded server answers 503 with the same body: its environment and version still hold.
        if (error instanceof ApiError && error.statusCode === 503) return healthParser.parse(error.body);
        throw error;
      }
    },
  });
}
