import { paged, sensitiveAction } from '@turnout/shared';
import { api } from '../../api/index.ts';

const sensitiveActionPage = paged(sensitiveAction);

/** GET /sensitive-actions?page=: newest first; global admins see all, tenant admins their tenant's. */
export function fetchSensitiveActions(page: number, signal?: AbortSignal) {
  return api.get('/sensitive-actions', { query: { page }, signal, schema: sensitiveActionPage });
}
