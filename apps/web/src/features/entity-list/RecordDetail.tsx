import type { EntityType } from '@turnout/shared';
import { RecordScreen } from '../record/RecordScreen.tsx';

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
      <RecordScreen typeName={typeName} id={id} mode={mode ?? 'view'} embedded />
    </div>
  );
}
