import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/errors.ts';
import { deleteRecord, RECORD_QUERY_KEY, recordKey, transitionRecord } from '../record-api.ts';
import { showError, toggleWatching } from './record-actions.ts';
import type { RecordSession } from './use-record-session.ts';

export type RecordBusy = 'transition' | 'delete' | 'watch' | null;

/**
 * What the record screen does to a saved record besides saving it: change its status, delete
 * it (then the type's list), and watch it (Receive Notifications).
 */
export function useRecordCommands(
  session: RecordSession,
  typeName: string,
  onDeleted: () => void,
  /** A transition refused with problems per field (NERIS Ready for a report that is not valid), or cleared on success. */
  onTransitionErrors?: (errors: Record<string, string[]> | null) => void,
) {
  const { saved, takeRecord, state } = session;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<RecordBusy>(null);
  const [watching, setWatching] = useState(Boolean(saved?.watching));

  const transition = async (name: string) => {
    if (!saved) return;
    setBusy('transition');
    try {
      takeRecord(await transitionRecord(typeName, saved.id, name, state.values));
      onTransitionErrors?.(null);
      notifications.show({ color: 'green', message: 'Status Updated Successfully' });
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      if (Object.keys(fieldErrors).length && !fieldErrors.transition) {
        onTransitionErrors?.(fieldErrors);
        notifications.show({
          color: 'red',
          message: 'The status was not changed: fix the problems listed first.',
          autoClose: 10_000,
          closeButtonProps: { 'aria-label': 'Close' },
        });
        return;
      }
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!saved) return;
    setBusy('delete');
    try {
      await deleteRecord(typeName, saved.id);
      notifications.show({ color: 'green', message: 'Deleted Successfully' });
      queryClient.removeQueries({ queryKey: recordKey(typeName, saved.id) });
      void queryClient.invalidateQueries({ queryKey: ['entity-list'] });
      void queryClient.invalidateQueries({ queryKey: [RECORD_QUERY_KEY] });
      onDeleted();
      session.leaveTo(`/entity-list?type=${encodeURIComponent(typeName)}`);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  const watch = async () => {
    if (!saved) return;
    setBusy('watch');
    const next = await toggleWatching(saved);
    if (next !== null) setWatching(next);
    setBusy(null);
  };

  return { busy, watching, transition, remove, watch };
}
