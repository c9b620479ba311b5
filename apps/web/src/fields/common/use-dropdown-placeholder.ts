import { useState } from 'react';
import { FILTER_PLACEHOLDER, SELECT_PLACEHOLDER } from './options.ts';

/**
 * A dropdown's placeholder (spec 02 §5): 'Select an item', and while a searchable dropdown is
 * open its search is the filter, 'Start Typing'. Spread the result into a Mantine Select.
 */
export function useDropdownPlaceholder(withSearch: boolean) {
  const [open, setOpen] = useState(false);
  return {
    open,
    placeholder: open && withSearch ? FILTER_PLACEHOLDER : SELECT_PLACEHOLDER,
    onDropdownOpen: () => setOpen(true),
    onDropdownClose: () => setOpen(false),
  };
}
