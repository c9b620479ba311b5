import { useQuery } from '@tanstack/react-query';
import { GLOBAL_SEARCH_MIN_EXCLUSIVE } from '@turnout/shared';
import { api, type Parser } from '../../api/index.ts';
import { useCurrentUser } from '../identity/current-user.tsx';

export const SEARCH_QUERY_KEY = 'global-search';

/** One hit of GET /search (apps/server/src/modules/entities/cross-type-lists.ts SearchHit). */
export interface SearchHit {
  id: string;
  display_name: string;
  uri: string | null;
  place: string;
  type: { id: string; name: string; label: string };
}

export interface SearchPage {
  data: SearchHit[];
  total: number;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const searchPage: Parser<SearchPage> = {
  parse: (body) => {
    const { data, meta } = (body ?? {}) as { data?: unknown; meta?: { total?: unknown } };
    if (!Array.isArray(data)) throw new Error('The answer has no list.');
    const hits = data.map((raw): SearchHit => {
      const hit = raw as Record<string, unknown>;
      const type = (hit.type ?? {}) as Record<string, unknown>;
      return {
        id: str(hit.id),
        display_name: str(hit.display_name),
        uri: typeof hit.uri === 'string' ? hit.uri : null,
        place: str(hit.place),
        type: { id: str(type.id), name: str(type.name), label: str(type.label) },
      };
    });
    return { data: hits, total: typeof meta?.total === 'number' ? meta.total : hits.length };
  },
};

/** Global search runs only with more than 2 characters (spec 01 §5). */
export const searchable = (term: string) => term.trim().length > GLOBAL_SEARCH_MIN_EXCLUSIVE;

/** Documents named like the term (GET /documents/search), as hits that open the document; none when that call fails. */
async function documentHits(term: string, signal?: AbortSignal): Promise<SearchHit[]> {
  try {
    const answer = await api.get<{ data: { id: string; name: string }[] }>('/documents/search', { signal, query: { query: term } });
    return answer.data.map((d) => ({
      id: d.id,
      display_name: d.name,
      uri: `/documents/${d.id}`,
      place: '',
      type: { id: 'document', name: 'document', label: 'Document' },
    }));
  } catch {
    return [];
  }
}

/** GET /search?query&page, and on the first page the documents named like the term. */
export async function fetchSearch(term: string, page: number, signal?: AbortSignal): Promise<SearchPage> {
  const [records, documents] = await Promise.all([
    api.get('/search', { signal, query: { query: term.trim(), page }, schema: searchPage }),
    page === 1 ? documentHits(term.trim(), signal) : Promise.resolve([]),
  ]);
  return { data: [...records.data, ...documents], total: records.total + documents.length };
}

/** Results for a (debounced) term; nothing is asked, and nothing shown, for a term too short. */
export function useGlobalSearch(term: string) {
  const user = useCurrentUser();
  const trimmed = term.trim();
  return useQuery({
    queryKey: [SEARCH_QUERY_KEY, user.tenant_id, user.acting_role, trimmed],
    queryFn: ({ signal }) => fetchSearch(trimmed, 1, signal),
    enabled: searchable(trimmed),
    staleTime: 30_000,
  });
}
