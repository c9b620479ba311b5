import { useCallback, useEffect, useRef, useState } from 'react';

export type DatePickers = typeof import('./DatePickers.tsx');

let loaded: DatePickers | undefined;
let loading: Promise<DatePickers> | undefined;

/** The pickers' file, fetched once; a failed fetch is tried again by the next form that asks. */
export function loadDatePickers(): Promise<DatePickers> {
  loading ??= import('./DatePickers.tsx').then(
    (pickers) => {
      loaded = pickers;
      return pickers;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The date pickers, undefined until they have loaded, and a function that asks for them at once.
 * A form that shows a date field asks for them once the page is idle after its first screen has
 * painted, or as soon as a date field is focused or pressed: the date library (~20 KB compressed,
 * @mantine/dates and dayjs) does not hold up a record's first paint on a slow phone network
 * (issue 20). Later forms get them at once.
 */
export function useDatePickers(): [DatePickers | undefined, () => void] {
  const [pickers, setPickers] = useState(loaded);
  const live = useRef(true);
  const load = useCallback(() => {
    loadDatePickers().then(
      (loadedPickers) => live.current && setPickers(loadedPickers),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    live.current = true;
    if (pickers) return;
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: 2000 }) : undefined;
    const timer = idle === undefined ? setTimeout(load, 200) : undefined;
    return () => {
      live.current = false;
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [pickers, load]);
  return [pickers, load];
}
