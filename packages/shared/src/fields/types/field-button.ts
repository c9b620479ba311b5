import { valueless } from '../checks-rich.ts';

/** field-button: a button (params show_button_label, button_style primary or outline, navigate_to). Holds no value of its own. */
export const fieldButton = valueless('field-button', 'input', { show_button_label: true, button_style: 'primary' });
