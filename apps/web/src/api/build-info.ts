/** What the `frontend-version` header says about this bundle (spec 01 §7). Outside a Vite build (unit tests) it reads 'dev'. */
export const BUILD_INFO = {
  hash: typeof __BUILD_HASH__ === 'string' ? __BUILD_HASH__ : 'dev',
  timestamp: typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : new Date(0).toISOString(),
  platform: 'web',
} as const;
