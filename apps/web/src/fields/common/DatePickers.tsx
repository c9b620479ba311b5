/**
 * The Mantine date pickers and their styles: a file of their own, loaded after a form has painted
 * (use-date-pickers.ts), not with the record screen's first JavaScript.
 */
import '@mantine/dates/styles.layer.css';

export { DatePickerInput, DateTimePicker, TimePicker } from '@mantine/dates';
