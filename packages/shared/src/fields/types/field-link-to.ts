import { valueless } from '../checks-rich.ts';

/** field-link-to: a link to another screen or record (params navigate_to, linkToType, url). Holds no value of its own. */
export const fieldLinkTo = valueless('field-link-to', 'input', {});
