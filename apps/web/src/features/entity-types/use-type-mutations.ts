import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntityTypeLite } from '@turnout/shared';
import { ApiError, isSignedOut } from '../../api/index.ts';
import { deleteType, downloadJson, ENTITY_TYPES_QUERY_KEY, fetchExportDocument, liteKey, saveSortOrders } from './entity-types-api.ts';
import { applyOrders, type Ordered, reorderUpdates } from './model/sort-order.ts';

/** Error toasts last 10 s (spec 03 §9). */
export const ERROR_TOAST_MS = 10_000;

/** What a failed call says: the per-field messages of a 422, else the message; null after a sign-out. */
export function failureText(error: unknown): string | null {
  if (isSignedOut(error)) return null;
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.statusCode === 0) return `The server cannot be reached (${error.message}).`;
  const lines = [...new Set(Object.values(error.fieldErrors).flat())];
  return lines.length > 0 && !lines.includes(error.message) ? `${error.message} ${lines.join(' ')}` : error.message;
}

export function dangerToast(error: unknown, title?: string): void {
  const message = failureText(error);
  if (message !== null) notifications.show({ color: 'red', title, message, autoClose: ERROR_TOAST_MS });
}

/**
 * Reorders types by dragging: the new sort orders (steps of 1000) show at once and are saved with
 * PUT /entity-type/sort-order; 'Updated Successfully', or the old order back and a danger toast.
 */
export function useReorderTypes() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (updates: Ordered[]) => saveSortOrders(updates),
    onMutate: async (updates) => {
      await queryClient.cancelQueries({ queryKey: liteKey });
      const before = queryClient.getQueryData<EntityTypeLite[]>(liteKey);
      queryClient.setQueryData<EntityTypeLite[]>(liteKey, (types) => (types ? applyOrders(types, updates) : types));
      return { before };
    },
    onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
    onError: (error, _updates, context) => {
      if (context?.before) queryClient.setQueryData(liteKey, context.before);
      dangerToast(error, 'The new order was not saved');
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [ENTITY_TYPES_QUERY_KEY] }),
  });
  /** `shown` is the list as displayed (in sort order); the item at `from` was dropped at `to`. */
  const move = (shown: readonly Ordered[], from: number, to: number) => {
    const updates = reorderUpdates(shown, from, to);
    if (updates.length > 0) mutation.mutate(updates);
  };
  return { move, saving: mutation.isPending };
}

/** DELETE /entity-type/{id}: 'Deleted Successfully', or a danger toast (spec 03 §8); the list reloads. */
export function useDeleteType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteType(id),
    onSuccess: (answer) => {
      notifications.show({ color: 'green', message: answer.message });
      void queryClient.invalidateQueries({ queryKey: [ENTITY_TYPES_QUERY_KEY] });
    },
    onError: (error) => dangerToast(error, 'The entity type was not deleted'),
  });
}

/** 'Export type to JSON' (web only): downloads the export document as {name}.json. */
export async function exportType(type: Pick<EntityTypeLite, 'id' | 'name'>): Promise<void> {
  try {
    const document = await fetchExportDocument(type.id);
    downloadJson(document, `${type.name}.json`);
  } catch (error) {
    dangerToast(error, 'The entity type was not exported');
  }
}
