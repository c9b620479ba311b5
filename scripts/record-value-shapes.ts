/**
 * Writes packages/shared/src/fields/value-shapes.fixture.json: what every field type gives for the
 * battery of value-shapes.cases.ts (its value schema alone, validateField and fieldText). The
 * fixture is the reference value-shapes.test.ts holds the registry to, so run this only on code
 * whose behaviour is the reference (it was first written before the registry moved from classic
 * zod to zod/mini, issue 20), e.g. to add cases: `npx tsx scripts/record-value-shapes.ts`.
 */
import { writeFileSync } from 'node:fs';
import { valueShapesByInput } from '../packages/shared/src/fields/value-shapes.cases.ts';

const file = new URL('../packages/shared/src/fields/value-shapes.fixture.json', import.meta.url);
// One line per input and result, so a change shows as the lines of the cases it touches.
const inputs = Object.entries(valueShapesByInput()).map(([name, groups]) => {
  const lines = groups.map((group) => `    ${JSON.stringify(group)}`);
  return `  ${JSON.stringify(name)}: [\n${lines.join(',\n')}\n  ]`;
});
writeFileSync(file, `{\n${inputs.join(',\n')}\n}\n`);
console.log(`wrote ${file.pathname}`);
