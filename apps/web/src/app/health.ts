import { useQuery } from '@tanstack/react-query';
import { healthResponse } from '@turnout/shared';
import { ApiError, api } from '../api/index.ts';

/** GET /api/health: the server's environment, version and build. */
export function useHealth() {
  return useQuery({
    queryKey: ['health'],
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/health', { signal, schema: healthResponse });
      } catch (error) {
        // A degraded server answers 503 with the same body: its environment and version still hold.
        if (error instanceof ApiError && error.statusCode === 503) return healthResponse.parse(error.body);
        throw error;
      }
    },
  });
}
