/**
 * The query key of the signed-in user (GET /user). Switching tenant or role keeps it and resets
 * the rest. In a module of its own: the sign-in screen and the offline cache need the key, not
 * user-api.ts's schemas (zod stays out of /signin's first download; issue 20).
 */
export const USER_QUERY_KEY = ['user'] as const;
