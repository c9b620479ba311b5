// The production server: src/main.ts compiled ahead into one ES module, dist/main.js, that node
// runs by itself (no TypeScript loader, no wrapper process; docs/decisions/0032). The packages in
// package.json stay in node_modules (native addons, WebAssembly and files they read beside
// themselves); the workspace's own TypeScript (@turnout/shared) is bundled in. Files the server
// reads at run time by path are copied next to the bundle, where the same `import.meta.url`
// relative paths find them: the migrations and the generated NERIS definitions.
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(server, 'dist');
const dependencies = (dir) => Object.keys(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies ?? {});
const external = [...dependencies(server), ...dependencies(path.join(server, '../../packages/shared'))]
  .filter((name) => !name.startsWith('@turnout/'))
  .flatMap((name) => [name, `${name}/*`]);

const started = performance.now();
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(server, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // Packages left outside that are CommonJS need `require` in an ES module.
  banner: { js: "import { createRequire as __turnoutRequire } from 'node:module'; const require = __turnoutRequire(import.meta.url);" },
});
cpSync(path.join(server, 'src/platform/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
mkdirSync(path.join(dist, 'generated'), { recursive: true });
cpSync(path.join(server, 'src/modules/neris/generated'), path.join(dist, 'generated'), { recursive: true });
process.stdout.write(
  `server built into ${path.relative(process.cwd(), dist) || dist} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);
