import { ComputedDisplay, ComputedEditor } from './common/computed.tsx';
import { defineField } from './common/define.tsx';

/** formula-result: a computed result, read-only, formatted per params.formatResultAs. */
export const formulaResult = defineField<string | number | boolean>('formula-result', ComputedEditor, ComputedDisplay);
