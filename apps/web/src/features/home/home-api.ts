import { useQuery } from '@tanstack/react-query';
import type { HomeNavigation } from '@turnout/shared';
import { useDeferredValue } from 'react';
import { answerData, api } from '../../api/index.ts';
import { useFirstScreenPainted } from '../../app/first-screen.ts';
import { useCurrentUser } from '../identity/current-user.tsx';

export const HOME_QUERY_KEY = 'home';

const navigation = answerData<HomeNavigation>();

/** GET /home: the category tree and the screen buttons by position (apps/server/src/modules/home). */
export function fetchHomeNavigation(signal?: AbortSignal): Promise<HomeNavigation> {
  return api.get('/home', { signal, schema: navigation });
}

/**
 * The home navigation of the acting tenant and role; shared by the drawer, the top bar and the
 * home screens. Its answer is rendered as a transition: TanStack Query delivers answers as
 * blocking updates, and the drawer's categories, the quick menus and home's tiles rendering at
 * once held a slow phone's main thread in one long task (issue 20, Total Blocking Time). Pending
 * until the deferred render has the answer. `afterFirstScreen`: the shell's uses, which wait for
 * the first screen to paint (decision 0043).
 */
export function useHomeNavigation({ afterFirstScreen = false }: { afterFirstScreen?: boolean } = {}) {
  const user = useCurrentUser();
  const painted = useFirstScreenPainted();
  const query = useQuery({
    queryKey: [HOME_QUERY_KEY, 'navigation', user.tenant_id, user.acting_role],
    queryFn: ({ signal }) => fetchHomeNavigation(signal),
    // The shell's drawer and menus wait for the first screen; home's own tiles do not.
    enabled: !afterFirstScreen || painted,
  });
  const data = useDeferredValue(query.data);
  return { data, isPending: data === undefined && !query.isError, isError: query.isError, error: query.error, refetch: query.refetch };
}
