/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** Injected by `define` in vite.config.ts: the short commit hash of the build, or 'dev'. */
declare const __BUILD_HASH__: string;
/** Injected by `define` in vite.config.ts: when the bundle was built (ISO 8601). */
declare const __BUILD_TIME__: string;
