import { useQuery } from '@tanstack/react-query';
import type { HomeNavigation } from '@turnout/shared';
import { answerData, api } from '../../api/index.ts';
import { useCurrentUser } from '../identity/current-user.tsx';

export const HOME_QUERY_KEY = 'home';

const navigation = answerData<HomeNavigation>();

/** GET /home: the category tree and the screen buttons by position (apps/server/src/modules/home). */
export function fetchHomeNavigation(signal?: AbortSignal): Promise<HomeNavigation> {
  return api.get('/home', { signal, schema: navigation });
}

/** The home navigation of the acting tenant and role; shared by the drawer, the top bar and the home screens. */
export function useHomeNavigation() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: [HOME_QUERY_KEY, 'navigation', user.tenant_id, user.acting_role],
    queryFn: ({ signal }) => fetchHomeNavigation(signal),
  });
}
