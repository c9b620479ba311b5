import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** The brand red #9a0223 at index 6, the shade Mantine uses for filled components. */
const brand: MantineColorsTuple = [
  '#fdecef',
  '#f8d5db',
  '#eda7b3',
  '#e27687',
  '#d64c63',
  '#c22745',
  '#9a0223',
  '#84001d',
  '#6e0018',
  '#580013',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});
