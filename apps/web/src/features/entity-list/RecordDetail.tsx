import { Center, Loader } from '@mantine/core';
import type { EntityType } from '@turnout/shared';
import { lazy, Suspense } from 'react';

// The record screen (its form, every field editor, its dialogs) loads when a record is opened:
// the list's first JavaScript paints the list only (issue 20).
const RecordScreen = lazy(() => import('../record/RecordScreen.tsx').then((m) => ({ default: m.RecordScreen })));

export interface RecordDetailProps {
  typeName: string;
  id: string;
  /** The URL's mode (view or edit); the preview is always read-only. */
  mode?: 'view' | 'edit' | undefined;
  type?: EntityType | undefined;
}

/**
 * The record shown beside the list (split view) or over it (narrow screens). The one boundary
 * to swap when the record screen lands: render
 * `<RecordScreen typeName={typeName} id={id} mode={mode ?? 'view'} embedded />` from
 * features/record/RecordScreen.tsx instead of the preview.
 */
export function RecordDetail({ typeName, id, mode }: RecordDetailProps) {
  return (
    <div data-testid="record-preview">
      <Suspense
        fallback={
          <Center p="xl">
            <Loader role="status" aria-label="Loading record" />
          </Center>
        }
      >
        <RecordScreen typeName={typeName} id={id} mode={mode ?? 'view'} embedded />
      </Suspense>
    </div>
  );
}
