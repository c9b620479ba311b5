import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCatalogue, buildEntityType, buildJsonSchema } from './build.ts';
import { readFramework } from './framework.ts';

/**
 * npm run neris:generate [-- <framework dir>] [--check]
 *
 * Reads the NERIS framework CSVs (by default ../framework, the copy this version ships) and
 * writes ../generated/: catalogue.json (elements, conditions, value sets), incident-type.json
 * (the NERIS Incident entity type) and incident.schema.json (the payload's JSON Schema).
 * --check writes nothing and fails when the files differ from what the framework gives.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
export const FRAMEWORK_DIR = path.join(here, '..', 'framework');
export const GENERATED_DIR = path.join(here, '..', 'generated');

export function generatedFiles(frameworkDir = FRAMEWORK_DIR): Record<string, string> {
  const catalogue = buildCatalogue(readFramework(frameworkDir));
  const json = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`;
  return {
    'catalogue.json': json(catalogue),
    'incident-type.json': json(buildEntityType(catalogue)),
    'incident.schema.json': json(buildJsonSchema(catalogue)),
  };
}

function main(args: string[]): void {
  const check = args.includes('--check');
  const dir = args.find((a) => !a.startsWith('--')) ?? FRAMEWORK_DIR;
  const files = generatedFiles(path.resolve(dir));
  const stale: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    const target = path.join(GENERATED_DIR, name);
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {}
    if (current === text) continue;
    stale.push(name);
    if (!check) writeFileSync(target, text);
  }
  if (check && stale.length) {
    process.stderr.write(`NERIS generated files are stale: ${stale.join(', ')} (run npm run neris:generate)\n`);
    process.exit(1);
  }
  process.stdout.write(stale.length ? `${check ? 'stale' : 'written'}: ${stale.join(', ')}\n` : 'NERIS generated files are up to date\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
