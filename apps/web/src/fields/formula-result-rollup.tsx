import { ComputedDisplay, ComputedEditor } from './common/computed.tsx';
import { defineField } from './common/define.tsx';

/** formula-result-rollup: a computed result, read-only, formatted per params.formatResultAs. */
export const formulaResultRollup = defineField<string | number | boolean>('formula-result-rollup', ComputedEditor, ComputedDisplay);
