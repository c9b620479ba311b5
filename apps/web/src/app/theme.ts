import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** The height of the phone's bottom tab bar (the shell's footer). */
export const PHONE_TAB_BAR_HEIGHT = 60;

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

/** The app's type face; first-paint.css repeats it for the page painted before React runs. */
export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Buttons and links ring in the accent colour on keyboard focus; fields ring on any focus
  // (focus.css, issue 20).
  focusRing: 'auto',
  fontFamily: FONT_FAMILY,
  // One title size on every screen (issue 20, one look): a screen's h1 is a plain
  // <Title order={1}>, and its left edge is the shell's padding.
  headings: { fontFamily: FONT_FAMILY, sizes: { h1: { fontSize: '1.75rem', lineHeight: '1.3' } } },
  // Every close button says what it does to a screen reader (axe button-name). Plain objects,
  // not Component.extend(): importing the components here would put them in the sign-in bundle.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A loader is named where it is used ('Loading record'); a name needs a role to be allowed on
    // its span (axe aria-prohibited-attr, seen when axe ran while a screen was still loading).
    Loader: { defaultProps: { role: 'status' } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Close' } },
    // A titled toast's text is Mantine's gray-6 (#868e96, 3.3:1 on white): gray-7 reads at 7:1.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    },
    // A menu holds only its items: no focusable placeholder (axe aria-required-children); focus
    // goes to the first item instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Every dropdown (Select, Combobox, Menu, date pickers: they all float on a Popover) keeps
    // clear of the phone's bottom tab bar: it flips above its input when the room below is short,
    // rather than running under the bar (issue 20).
    Popover: {
      defaultProps: {
        middlewares: {
          flip: { padding: { bottom: PHONE_TAB_BAR_HEIGHT + 4 } },
          shift: { padding: 5 },
        },
      },
    },
    // A closed Select (Autocomplete, MultiSelect, TagsInput) renders no options: Mantine keeps a
    // hidden dropdown mounted by default, with every option in it, and places it on mount. On a
    // record that placing read the layout inside the first render's commit (~95 ms of a slow
    // phone's longest task for one Select; issue 20, decision 0044). The input names its
    // listbox (aria-controls) only while it is open either way.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/**
 * Text colours with at least 4.5:1 contrast (WCAG AA) on white and on the light greys of
 * panels: Mantine's dimmed grey (#868e96, 3.3:1), placeholder grey and error red (#fa5252)
 * fall short; so does white on a filled red button (issue 20, axe color-contrast).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#646b72',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    // A filled red button (Delete, Reject) carries white text: red-6 (#fa5252) reads at 3.3:1,
    // red-9 at 5.4:1; its hover goes darker still.
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': '#a51d24',
  },
  dark: {},
});
