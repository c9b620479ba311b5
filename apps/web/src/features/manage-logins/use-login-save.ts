import { notifications } from '@mantine/notifications';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LOGINS_QUERY_KEY, type LoginKind, type LoginPage, type LoginRows } from './logins-api.ts';
import { saveFailure } from './save-failure.ts';

export const UPDATED_SUCCESSFULLY = 'Updated Successfully';

/**
 * Saving one login record: 'Updated Successfully' on success (spec 03 §8) with the row replaced
 * in every loaded page; 422 messages under the form's fields, anything else in a danger toast.
 */
export function useLoginSave<K extends LoginKind, C>(
  kind: K,
  save: (change: C) => Promise<LoginRows[K]>,
  options: { wrapper: string; fields: readonly string[]; onSaved: (row: LoginRows[K]) => void },
) {
  const queryClient = useQueryClient();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: save,
    onMutate: () => setFieldErrors({}),
    onSuccess: (row) => {
      queryClient.setQueriesData<InfiniteData<LoginPage<LoginRows[K]>>>({ queryKey: [LOGINS_QUERY_KEY, kind] }, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, data: page.data.map((item) => (item.id === row.id ? row : item)) })) }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: [LOGINS_QUERY_KEY, kind] });
      notifications.show({ color: 'green', message: UPDATED_SUCCESSFULLY });
      options.onSaved(row);
    },
    onError: (error) => {
      const failure = saveFailure(error, options.wrapper, options.fields);
      setFieldErrors(failure.fields);
      if (failure.toast) notifications.show({ color: 'red', title: 'Not saved', message: failure.toast, autoClose: 10_000 });
    },
  });
  return { mutation, fieldErrors };
}
