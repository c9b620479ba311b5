import { valueless } from '../checks-rich.ts';

/** text-label: a text label (params labelText). Holds no value of its own. */
export const textLabel = valueless('text-label', 'display', { labelText: '' });
