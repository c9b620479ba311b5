import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyRequests } from './src/api/early-requests.ts';

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

/** The lazy modules every signed-in screen waits for: the session gate and the shell. */
const SIGNED_IN_ROOTS = ['src/app/RequireAuth.tsx', 'src/app/shell/Shell.tsx'].map((file) => path.resolve(import.meta.dirname, file));
const closures = new WeakMap<Rolldown.ChunkingContext, Set<string>>();

/** Every module the roots import statically, directly or not (once per build). */
function staticClosure(roots: string[], ctx: Rolldown.ChunkingContext): Set<string> {
  let found = closures.get(ctx);
  if (found) return found;
  found = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  closures.set(ctx, found);
  return found;
}

/**
 * Kept out of the shell's files although the shared package's index (which re-exports all of it)
 * puts them in its static reach: zod and the modules that build zod schemas when they load (the
 * contract, the field types and their checks, the rules). The shell imports only types and plain
 * values from them (decision 0039); the screens that check input with them load them with their
 * own chunks, so a first signed-in screen neither downloads nor runs what it does not use.
 */
const NOT_SIGNED_IN =
  /node_modules[\\/](zod|json-logic-js)[\\/]|packages[\\/]shared[\\/]src[\\/](contract|fields|rules|imports|permissions|widgets|workflow\.ts|calendar-prefills\.ts)/;

/** Whether a module belongs in the shell's files: in the static reach of SIGNED_IN_ROOTS, not NOT_SIGNED_IN. */
function signedIn(id: string, ctx: Rolldown.ChunkingContext): boolean {
  return !NOT_SIGNED_IN.test(id) && staticClosure(SIGNED_IN_ROOTS, ctx).has(id);
}

/** The chunks of SIGNED_IN_ROOTS (named by the code-splitting groups below). */
const SIGNED_IN_CHUNKS = new Set(['signed-in', 'signed-in-libraries']);

/**
 * The screens a signed-in visit most often opens first, by path (the routes of
 * features/home, features/entity-list and features/record): their own chunks are preloaded with
 * the shell's. A module that no longer is a chunk of its own is skipped (a warning at build).
 */
const FIRST_SCREENS = [
  { path: /^\/$/, module: 'src/features/home/HomePage.tsx' },
  { path: /^\/entity-list\/?$/, module: 'src/features/entity-list/EntityListPage.tsx' },
  { path: /^\/entity\/[^/]+\/[^/]+\/?$/, module: 'src/features/record/RecordRoutePages.tsx' },
];

/** A chunk's file, the chunks it imports statically (not those in `skip`) and their styles. */
function chunkFiles(bundle: Rolldown.OutputBundle, fileName: string, skip: Set<string>, found = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk' || skip.has(fileName) || found.has(`/${fileName}`)) return found;
  found.add(`/${fileName}`);
  for (const css of chunk.viteMetadata?.importedCss ?? []) found.add(`/${css}`);
  for (const imported of chunk.imports) chunkFiles(bundle, imported, skip, found);
  return found;
}

/**
 * A signed-in visit fetches the session gate, the shell and the screen's own chunks while the
 * entry and React still download, not after they have run and the router has asked for them: a
 * tiny script, loaded before the entry, preloads them when a token is stored (the key of
 * api/auth-store.ts). /signin without a token fetches only this script (issue 20; the CSP
 * allows no inline script).
 */
function preloadSignedIn(): Plugin {
  return {
    name: 'turnout-preload-signed-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        // At build, Vite runs this hook inside its generateBundle: the context can emit files.
        const build = this as unknown as Rolldown.PluginContext;
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        // What index.html loads already.
        const loaded = new Set<string>();
        for (const entry of chunks.filter((c) => c.isEntry))
          for (const file of chunkFiles(bundle, entry.fileName, new Set())) loaded.add(file.slice(1));
        const shell = new Set<string>();
        for (const chunk of chunks.filter((c) => SIGNED_IN_CHUNKS.has(c.name))) chunkFiles(bundle, chunk.fileName, loaded, shell);
        if (shell.size === 0) return;
        const screens: [string, string[]][] = [];
        for (const screen of FIRST_SCREENS) {
          const id = path.resolve(import.meta.dirname, screen.module);
          const chunk = chunks.find((c) => c.facadeModuleId === id);
          if (!chunk) {
            build.warn(`preload: ${screen.module} is not a chunk of its own; its screen is not preloaded`);
            continue;
          }
          const own = [...chunkFiles(bundle, chunk.fileName, loaded)].filter((file) => !shell.has(file));
          screens.push([screen.path.source, own]);
        }
        const source = `const token = localStorage.getItem('turnout.token');
if (token) {
  const screen = ${JSON.stringify(screens)}.find(([path]) => new RegExp(path).test(location.pathname));
  for (const href of [...${JSON.stringify([...shell])}, ...(screen ? screen[1] : [])]) {
    const link = document.createElement('link');
    link.rel = href.endsWith('.css') ? 'preload' : 'modulepreload';
    if (href.endsWith('.css')) link.as = 'style';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // The user and the first screen's data, asked for now (src/api/early-requests.ts).
  const plan = (${earlyRequests.toString()})(location.pathname, location.search);
  const answers = new Map();
  const headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
  const get = (url) => {
    const answer = fetch(url, { headers }).catch(() => null);
    answers.set(url, answer);
    return answer;
  };
  for (const url of plan.urls) get(url);
  const lite = answers.get('/api/entity-type/lite');
  if (plan.typeName && lite)
    lite
      .then((r) => (r && r.ok ? r.clone().json() : null))
      .then((body) => {
        const type = body && Array.isArray(body.data) && body.data.find((t) => t.name === plan.typeName);
        if (type) get('/api/entity-type/' + encodeURIComponent(type.id));
      })
      .catch(() => undefined);
  window.turnoutEarly = { token, at: performance.now(), answers };
}
`;
        const ref = build.emitFile({ type: 'asset', name: 'preload-signed-in.js', source });
        return [{ tag: 'script', attrs: { type: 'module', async: true, src: `/${build.getFileName(ref)}` }, injectTo: 'head-prepend' }];
      },
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
  plugins: [react(), preloadSignedIn(), serviceWorker(), precompress()],
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
        // A phone on slow 4G pays a round trip per file (HTTP/1.1, six connections): a signed-in
        // screen used to fetch 89 scripts, most of them a few hundred bytes (one per icon, per
        // Mantine part). Files are grouped by when they are needed (issue 20, decision 0022):
        codeSplitting: {
          groups: [
            // Libraries change less often than the app: a separate chunk stays cached across releases.
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 4 },
            // What the sign-in route needs anyway (index.html's own imports): one file, not a dozen.
            { name: 'start', tags: ['$initial'], priority: 3 },
            // What every signed-in screen needs before it paints: the session gate and the shell,
            // in two files fetched side by side (the libraries stay cached across releases). Their
            // reach includes the icon and Mantine packages' indexes, so every part of those that
            // any screen uses comes here too: one file, not a file per icon or per component.
            {
              name: (id, ctx) => (signedIn(id, ctx) ? (id.includes('node_modules') ? 'signed-in-libraries' : 'signed-in') : null),
              priority: 2,
            },
            // zod and the shared schemas, for the screens that use them (the list's and the record's
            // field types among them): one file, not a dozen small ones (decision 0039).
            { name: 'contract', test: NOT_SIGNED_IN, priority: 1 },
          ],
        },
      },
    },
  },
});
