import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyRequests } from './src/api/early-requests.ts';
import { firstPaintHtml, firstPaintTitleScript } from './src/app/first-paint-html.ts';

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
    // After the service worker plugin has written sw.js and workbox-*.js, so they are compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
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
    },
  };
}

/**
 * Writes the first paint (src/app/first-paint.tsx) into index.html's #root, so a slow phone shows
 * the frame as soon as the HTML and the stylesheet arrive (issue 20, decision 0041), and the
 * script after it that puts a list's title into that frame (first-paint-title.ts). The server
 * allows the script by its hash (apps/server/src/platform/http/page-scripts.ts).
 */
function firstPaint(): Plugin {
  return {
    name: 'turnout-first-paint',
    transformIndexHtml: (html) => ({
      html: html.replace('<!--first-paint-->', firstPaintHtml()),
      tags: [{ tag: 'script', children: firstPaintTitleScript(), injectTo: 'body' }],
    }),
  };
}

/** A Mantine component's class names module (esm/components/Button/Button.module.mjs → 'Button'). */
const MANTINE_CLASSES = /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
const MANTINE_STYLES = path.resolve(import.meta.dirname, '../../node_modules/@mantine/core/styles');

/**
 * Each Mantine component brings its own stylesheet (styles/<Component>.layer.css), imported
 * by the module of its class names: a chunk carries the styles of the components it uses, and
 * the first screen's render-blocking stylesheet only those of the first screens, instead of all
 * ~100 components' (issue 20). The layer keeps every Mantine rule under the app's own.
 */
function mantineStylesPerComponent(): Plugin {
  return {
    name: 'turnout-mantine-styles-per-component',
    transform(code, id) {
      const name = MANTINE_CLASSES.exec(id)?.[1];
      if (!name) return;
      const file = path.join(MANTINE_STYLES, `${name}.layer.css`);
      try {
        statSync(file);
      } catch {
        return;
      }
      return { code: `import ${JSON.stringify(`@mantine/core/styles/${name}.layer.css`)};\n${code}`, map: null };
    },
  };
}

/** The lazy modules every signed-in screen waits for: the session gate and the shell. */
const SIGNED_IN_ROOTS = ['src/app/RequireAuth.tsx', 'src/app/shell/Shell.tsx'].map((file) => path.resolve(import.meta.dirname, file));
const closures = new WeakMap<Rolldown.ChunkingContext, Map<string, Set<string>>>();

/**
 * Index modules that only re-export (a package's or the shared contract's "barrel"): walking
 * through one would pull every module it names, so the walk follows only the names imported
 * from it. Mantine's and the icons' indexes name every component and icon; the shared index
 * every schema.
 */
const BARREL =
  /node_modules[\\/](@mantine[\\/](core|hooks|dates)[\\/]esm[\\/]index\.mjs|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs)$|packages[\\/]shared[\\/]src[\\/](index|contract[\\/]index|fields[\\/]index|permissions[\\/]index|rules[\\/]index)\.ts$/;
const SHARED_INDEX = path.resolve(import.meta.dirname, '../../packages/shared/src');

/** `a as b, c` → [['a', 'b'], ['c', 'c']] (the `type` ones dropped). */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter((part) => part !== '')
    .map((part) => {
      const [imported, local] = part.split(/\s+as\s+/);
      return [imported!.trim(), (local ?? imported)!.trim()];
    });
}

/** What a module imports or re-exports, by specifier: the names, or '*' for all of them. */
function importsOf(code: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (spec: string, names: string[]) => {
    const set = found.get(spec) ?? new Set<string>();
    for (const name of names) set.add(name);
    found.set(spec, set);
  };
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:type\s+)?([^;"'()=]*?)\s*from\s*["']([^"']+)["']/g)) {
    const what = m[1]!;
    const spec = m[2]!;
    const braces = /\{([^}]*)\}/.exec(what);
    if (braces)
      add(
        spec,
        specifiers(braces[1]!).map(([imported]) => imported),
      );
    if (/\*/.test(what.replace(/\{[^}]*\}/, '')) || /^[\w$]+\s*(,|$)/.test(what)) add(spec, ['*']);
  }
  // Side-effect imports (`import './x.css'`).
  for (const m of code.matchAll(/\bimport\s*["']([^"']+)["']/g)) add(m[1]!, ['*']);
  return found;
}

/** The module a specifier of `from` resolves to, when it is a barrel or a file beside one. */
function resolveSpec(from: string, spec: string, ctx: Rolldown.ChunkingContext): string | undefined {
  const candidates = spec.startsWith('.')
    ? [path.resolve(path.dirname(from), spec)]
    : spec === '@turnout/shared'
      ? [path.join(SHARED_INDEX, 'index.ts')]
      : spec.startsWith('@turnout/shared/')
        ? [path.join(SHARED_INDEX, `${spec.slice('@turnout/shared/'.length)}.ts`)]
        : (ctx.getModuleInfo(from)?.importedIds ?? [])
            .filter((id) => id.includes(`node_modules/${spec}/`))
            .sort((a, b) => Number(BARREL.test(b)) - Number(BARREL.test(a)));
  return candidates.find((id) => ctx.getModuleInfo(id));
}

interface Barrel {
  /** Exported name → [specifier, the name there]. */
  named: Map<string, [string, string]>;
  /** `export * from` specifiers. */
  stars: string[];
}
const barrels = new Map<string, Barrel | undefined>();

/** A barrel's re-exports (read once per build); undefined when it has no code. */
function readBarrel(id: string, ctx: Rolldown.ChunkingContext): Barrel | undefined {
  if (barrels.has(id)) return barrels.get(id);
  const code = ctx.getModuleInfo(id)?.code;
  let barrel: Barrel | undefined;
  if (code) {
    barrel = { named: new Map(), stars: [] };
    // `import { a as b } from 'x'` … `export { b as c }`, and `export { a as c } from 'x'`.
    const locals = new Map<string, [string, string]>();
    for (const m of code.matchAll(/\bimport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g))
      for (const [imported, local] of specifiers(m[1]!)) locals.set(local, [m[2]!, imported]);
    for (const m of code.matchAll(/\bimport\s*\*\s*as\s+([\w$]+)\s*from\s*["']([^"']+)["']/g)) locals.set(m[1]!, [m[2]!, '*']);
    for (const m of code.matchAll(/\bexport\s*\{([^}]*)\}(?:\s*from\s*["']([^"']+)["'])?/g))
      for (const [local, exported] of specifiers(m[1]!)) {
        const source: [string, string] | undefined = m[2] ? [m[2], local] : locals.get(local);
        if (source) barrel.named.set(exported, source);
      }
    for (const m of code.matchAll(/\bexport\s*\*\s*from\s*["']([^"']+)["']/g)) barrel.stars.push(m[1]!);
  }
  barrels.set(id, barrel);
  return barrel;
}

/** The modules behind `name` as a barrel exports it; undefined when the barrel cannot be read. */
function exportedBy(id: string, name: string, ctx: Rolldown.ChunkingContext, seen = new Set<string>()): string[] | undefined {
  if (seen.has(`${id}#${name}`)) return [];
  seen.add(`${id}#${name}`);
  const barrel = readBarrel(id, ctx);
  if (!barrel) return undefined;
  const named = barrel.named.get(name);
  if (named) {
    const target = resolveSpec(id, named[0], ctx);
    if (!target) return undefined;
    return BARREL.test(target) && named[1] !== '*' ? exportedBy(target, named[1], ctx, seen) : [target];
  }
  for (const spec of barrel.stars) {
    const target = resolveSpec(id, spec, ctx);
    if (!target) return undefined;
    if (BARREL.test(target)) {
      const inner = exportedBy(target, name, ctx, seen);
      if (inner === undefined || inner.length > 0) return inner;
    } else if (ctx.getModuleInfo(target)?.exports.includes(name)) return [target];
  }
  return [];
}

/**
 * Every module the roots import statically, directly or not (once per build), following only
 * the names taken from a barrel: what the shell uses of Mantine, the icons and the shared
 * contract, not every part any screen uses. When a barrel cannot be read, all of it.
 */
function staticClosure(roots: string[], ctx: Rolldown.ChunkingContext): Set<string> {
  let byRoots = closures.get(ctx);
  if (!byRoots) {
    byRoots = new Map();
    closures.set(ctx, byRoots);
    barrels.clear();
  }
  let found = byRoots.get(roots.join());
  if (found) return found;
  found = new Set<string>();
  byRoots.set(roots.join(), found);
  const stack = [...roots];
  const push = (id: string, names: Set<string> | undefined) => {
    if (!BARREL.test(id) || !names || names.has('*')) return stack.push(id);
    for (const name of names) {
      const targets = exportedBy(id, name, ctx);
      if (targets === undefined) return stack.push(id);
      stack.push(...targets);
    }
  };
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    const imports = info.code ? importsOf(info.code) : new Map<string, Set<string>>();
    const bySpec = new Map<string, Set<string>>();
    for (const [spec, names] of imports) {
      const target = resolveSpec(id, spec, ctx);
      if (target) bySpec.set(target, names);
    }
    for (const imported of info.importedIds) push(imported, BARREL.test(id) ? undefined : bySpec.get(imported));
  }
  return found;
}

/** Icons, a few hundred bytes each. */
const ICONS = /node_modules[\\/]@tabler[\\/]icons-react[\\/]/;
/** The UI libraries most screens use parts of. */
const UI_LIBRARIES =
  /node_modules[\\/](@mantine[\\/](core|hooks)|@tabler[\\/]icons-react|@floating-ui[\\/][^\\/]+|react-number-format)[\\/]/;
/** The route modules of FIRST_SCREENS. */
const firstScreenRoots = () => FIRST_SCREENS.map((screen) => path.resolve(import.meta.dirname, screen.module));

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
 * tiny script in index.html, run before the entry, preloads them when a token is stored (the key
 * of api/auth-store.ts). /signin without a token preloads none of them (issue 20).
 *
 * The same script loads the entry, once the frame of index.html (the first paint) is drawn: on
 * a slow phone network the stylesheet the frame needs then has the line to itself, instead of
 * sharing it with ~300 KB of scripts that cannot show anything before all of them have arrived
 * (decision 0044). The entry's script tag and its modulepreloads leave index.html for it.
 */
function preloadSignedIn(): Plugin {
  return {
    name: 'turnout-preload-signed-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        // The entry and its modulepreloads, as Vite wrote them: loaded by the script below instead.
        const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        const initialTags = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        if (!entryTag) throw new Error('preload: index.html has no entry script to load after the first paint');
        const entry = entryTag[1]!;
        const initial = initialTags.map((m) => m[1]!);
        let page = html.replace(entryTag[0], '');
        for (const m of initialTags) page = page.replace(m[0], '');
        // At build, Vite runs this hook inside its generateBundle: the context can warn.
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
        const source = `{
const token = localStorage.getItem('turnout.token');
const screen = token ? ${JSON.stringify(screens)}.find(([path]) => new RegExp(path).test(location.pathname)) : undefined;
const preload = [...${JSON.stringify(initial)}, ...(token ? ${JSON.stringify([...shell])} : []), ...(screen ? screen[1] : [])];
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const href of preload) {
    const link = document.createElement('link');
    link.rel = href.endsWith('.css') ? 'preload' : 'modulepreload';
    if (href.endsWith('.css')) link.as = 'style';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(${JSON.stringify(entry)});
};
// The app's scripts are asked for once the frame has been painted (the browser's first-paint
// entry). A page opened hidden paints nothing, and a browser without paint timing cannot say:
// they start now; 3 s is the limit in any case.
const paintTiming = window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).includes('paint');
if (document.visibilityState === 'hidden' || !paintTiming) start();
else {
  new PerformanceObserver((_, observer) => {
    observer.disconnect();
    setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 3000);
}
if (token) {
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
  // The first date or number format loads the time-zone data (~20 ms, four times that on a
  // slow phone): done now, while the scripts download, not inside the first screen's render.
  (window.requestIdleCallback || setTimeout)(() => Intl.DateTimeFormat().resolvedOptions());
}
}`;
        // In the page itself: a file of its own was one more round trip (~0.3 s on slow 4G) before
        // the early requests and the scripts could start. The server allows exactly this script
        // by its hash (the CSP has no 'unsafe-inline'; apps/server/src/platform/http/page-scripts.ts).
        return { html: page, tags: [{ tag: 'script', children: source, injectTo: 'head-prepend' }] };
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
  plugins: [react(), mantineStylesPerComponent(), firstPaint(), preloadSignedIn(), serviceWorker(), precompress()],
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
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 8 },
            // zod in two files: its core and zod/mini, with which the field registry on the list's
            // and the record's first paint checks values (decision 0048); and classic zod's own
            // parts (its builders, JSON schema, locales), which only screens parsing with classic
            // zod load. In one group, the core took the classic parts with it into the record.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]v4[\\/](mini[\\/]|core[\\/](?!json-schema|to-json-schema))/,
              priority: 10,
            },
            { name: 'zod-classic', test: /node_modules[\\/]zod[\\/]/, priority: 9 },
            // What the sign-in route needs anyway (index.html's own imports): one file, not a dozen.
            { name: 'start', tags: ['$initial'], priority: 7 },
            // What every signed-in screen needs before it paints: the session gate and the shell,
            // in two files fetched side by side. Only the Mantine parts, icons and contract
            // modules the shell itself uses (staticClosure follows the names taken from those
            // indexes); with them, the UI library parts of home (the most frequent first screen,
            // a few KB) and the first screens' icons (a few hundred bytes each: not a file each).
            {
              name: (id, ctx) => {
                if (staticClosure(SIGNED_IN_ROOTS, ctx).has(id)) return id.includes('node_modules') ? 'signed-in-libraries' : 'signed-in';
                if (UI_LIBRARIES.test(id) && staticClosure([firstScreenRoots()[0]!], ctx).has(id)) return 'signed-in-libraries';
                return ICONS.test(id) && staticClosure(firstScreenRoots(), ctx).has(id) ? 'signed-in-libraries' : null;
              },
              debugName: 'signed-in',
              priority: 6,
            },
            // The rest of the UI library parts a list or a record uses, preloaded with the
            // screen's own: what both use in one file, what only one of them uses in another.
            {
              name: (id, ctx) => {
                if (!UI_LIBRARIES.test(id)) return null;
                const [, list, record] = firstScreenRoots().map((root) => staticClosure([root], ctx).has(id));
                return list && record ? 'screen-libraries' : list ? 'list-libraries' : record ? 'record-libraries' : null;
              },
              debugName: 'screen-libraries',
              priority: 5,
            },
            // The same for the code under a list and a record, after the UI library parts: a
            // record opened first fetched ~30 files, most under 2 KB, six at a time over HTTP/1.1,
            // a round trip each (decision 0044). A group takes its modules' imports with it, so
            // the order matters: home's own modules first (its first load stays small), then what
            // both screens use, then what one of them uses. The route modules stay files of their
            // own (the preload script finds them by name).
            {
              name: (id, ctx) => {
                if (firstScreenRoots().includes(id) || id.includes('node_modules')) return null;
                return staticClosure([firstScreenRoots()[0]!], ctx).has(id) ? 'home-code' : null;
              },
              debugName: 'home-code',
              priority: 4,
            },
            {
              name: (id, ctx) => {
                if (firstScreenRoots().includes(id)) return null;
                const [, list, record] = firstScreenRoots().map((root) => staticClosure([root], ctx).has(id));
                return list && record ? 'screen-code' : null;
              },
              debugName: 'screen-code',
              priority: 3,
            },
            {
              name: (id, ctx) => {
                if (firstScreenRoots().includes(id)) return null;
                const [, list, record] = firstScreenRoots().map((root) => staticClosure([root], ctx).has(id));
                return list ? 'list-code' : record ? 'record-code' : null;
              },
              debugName: 'list-code',
              priority: 2,
            },
            // What only later screens use of them: one file, not a file per component or icon.
            { name: 'libraries', test: UI_LIBRARIES, priority: 1 },
          ],
        },
      },
    },
  },
});
