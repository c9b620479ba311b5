import { valueless } from '../checks-rich.ts';

/** container-button: a button that opens its child fields (params fieldList). Holds no value of its own. */
export const containerButton = valueless('container-button', 'container', {
  fieldList: [],
  show_button_label: true,
  button_style: 'primary',
});
