import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';

/**
 * A dialog whose module loads the first time it opens (issue 20: the list's and the record's
 * first JavaScript carries only what paints their first screen). Once loaded it stays mounted,
 * as the dialog itself was before, so its state, its closing transition and the return of focus
 * are unchanged. It mounts closed and opens on the next commit: Mantine's Modal remembers the
 * element to return focus to only when `opened` changes, never on its first render.
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  function Opening(props: P) {
    const [mounted, setMounted] = useState(false);
    useEffect(() => setMounted(true), []);
    return <Dialog {...props} opened={props.opened && mounted} />;
  }
  function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.opened);
    if (props.opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Opening {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
