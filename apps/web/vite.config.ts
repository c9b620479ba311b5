import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The short commit hash the bundle was built from, or 'dev' outside a git checkout. */
function buildHash(): string {
  if (process.env.BUILD_HASH) return process.env.BUILD_HASH;
  try {
    return (
      execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || 'dev'
    );
  } catch {
    return 'dev';
  }
}

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|map|txt)$/;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to every compressible file of
 * the build over 1 KiB, once, at build time; the server sends them as they are (@fastify/static
 * `preCompressed`), so no request pays for compression (issue 20, decision 0022).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'turnout-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
        const file = path.join(outDir, entry);
        if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        const br = brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        });
        writeFileSync(`${file}.br`, br);
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The service worker (issue 22, decision 0033): precaches the app shell and the hashed bundle
 * files so the installed app opens with no network; every app route falls back to index.html,
 * the API never does. A new build waits until the app applies it ('prompt'): AppUpdateNotice
 * reloads at a safe moment, never while a form holds unsaved input. The manifest stays the
 * hand-written public/manifest.webmanifest.
 */
function serviceWorker() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    filename: 'sw.js',
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      // The PDF viewer's own files are large and used rarely: fetched when a PDF is opened.
      globIgnores: ['**/*.br', '**/*.gz', 'pdfjs/**'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/pdfjs\//],
      cleanupOutdatedCaches: true,
      // Hashed names change with their content: no cache-busting query needed for them.
      dontCacheBustURLsMatching: /^assets\//,
    },
  });
}

export default defineConfig({
  plugins: [react(), serviceWorker(), precompress()],
  define: {
    __BUILD_HASH__: JSON.stringify(buildHash()),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  server: {
    port: 5173,
    // `npm run dev` runs the API on 3000; the browser talks to one origin, as in production.
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? '3000'}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // Other libraries go with the screens that import them, so the sign-in route loads
            // only what it uses (issue 8: its JavaScript within 200 KB gzipped).
          ],
        },
      },
    },
  },
});
