import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../apps/server/src/platform/config.ts';

/** Replaces the text between `<!-- bench:{name}:start -->` and its end marker in docs/performance.md. */
export function writeMarked(name: string, table: string): void {
  const file = path.join(repoRoot, 'docs/performance.md');
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const doc = readFileSync(file, 'utf8');
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < 0) throw new Error(`docs/performance.md lacks the ${start} … ${end} markers`);
  writeFileSync(file, `${doc.slice(0, from + start.length)}\n${table}\n${doc.slice(to)}`);
  console.log(`written to docs/performance.md (${name})`);
}
