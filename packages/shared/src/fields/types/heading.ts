import { valueless } from '../checks-rich.ts';

/** heading: a heading (params headingText). Holds no value of its own. */
export const heading = valueless('heading', 'display', { headingText: '' });
