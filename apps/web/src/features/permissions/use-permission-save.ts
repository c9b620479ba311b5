import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PERMISSIONS_SAVED, type PermissionLevel } from '@turnout/shared';
import { USER_QUERY_KEY } from '../identity/user-api.ts';
import { ERROR_SAVING_PERMISSIONS, failureText } from './failure.ts';
import { type EditView, PERMISSIONS_QUERY_KEY, type PermissionContext, saveLevel } from './permissions-api.ts';

export const editViewKey = (context: PermissionContext) => [PERMISSIONS_QUERY_KEY, 'edit', context] as const;

/**
 * Saves one level: 'Permissions saved' and the saved values become the editor's baseline;
 * 'Error saving permissions' (danger) with the reason otherwise (spec 01 §8, 03 §8). The user's
 * own effective permissions and every resolved document are fetched again.
 */
export function usePermissionSave(context: PermissionContext, onSaved: (sent: PermissionLevel) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permissions: PermissionLevel) => saveLevel(context, permissions),
    onSuccess: (_answer, sent) => {
      queryClient.setQueryData<EditView>(editViewKey(context), (view) => (view ? { ...view, set: { ...view.set, ...sent } } : view));
      onSaved(sent);
      notifications.show({ color: 'green', message: PERMISSIONS_SAVED });
      void queryClient.invalidateQueries({ queryKey: [PERMISSIONS_QUERY_KEY] });
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
    onError: (error) => {
      const reason = failureText(error);
      if (reason === null) return;
      notifications.show({ color: 'red', title: ERROR_SAVING_PERMISSIONS, message: reason, autoClose: 10_000 });
    },
  });
}
