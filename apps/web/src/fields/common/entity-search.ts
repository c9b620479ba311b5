import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { DEBOUNCE_MS, PAGE_SIZE } from '@turnout/shared';
import { useState } from 'react';
import { api } from '../../api/index.ts';

/** Spec 02 §5, §9: an entity dropdown searches with 0 or at least 3 characters, 300 ms after typing, 24 a page. */
export const ENTITY_SEARCH_MIN = 3;
export const ENTITY_PAGE = PAGE_SIZE.asyncSelectStep;

export const searchesWith = (text: string) => {
  const t = text.trim();
  return t.length === 0 || t.length >= ENTITY_SEARCH_MIN;
};

export interface EntityChoice {
  id: string;
  display_name: string;
}

export interface EntityPage {
  items: EntityChoice[];
  hasMore: boolean;
}

interface Paged<T> {
  data: T[];
  meta?: { current_page?: number; last_page?: number };
}

const more = (meta: Paged<unknown>['meta'], page: number, count: number) =>
  meta?.last_page !== undefined ? page < meta.last_page : count >= ENTITY_PAGE;

/** GET /entity/{type}?filter[display_name]=…&per_page=24&page=n */
export async function fetchEntityPage(typeName: string, search: string, page: number, signal?: AbortSignal): Promise<EntityPage> {
  const answer = await api.get<Paged<{ id: string; display_name: string }>>(`/entity/${encodeURIComponent(typeName)}`, {
    query: { 'filter[display_name]': search.trim() || undefined, per_page: ENTITY_PAGE, page },
    signal,
  });
  return {
    items: answer.data.map((r) => ({ id: r.id, display_name: r.display_name })),
    hasMore: more(answer.meta, page, answer.data.length),
  };
}

/** GET /personnel?search=…&per_page=24&page=n: the acting department's current members. */
export async function fetchPersonnelPage(search: string, page: number, signal?: AbortSignal): Promise<EntityPage> {
  const answer = await api.get<Paged<EntityChoice>>('/personnel', {
    query: { search: search.trim() || undefined, per_page: ENTITY_PAGE, page },
    signal,
  });
  return {
    items: answer.data.map((r) => ({ id: r.id, display_name: r.display_name })),
    hasMore: more(answer.meta, page, answer.data.length),
  };
}

/** GET /tenant?page=n: tenants have no server search, so the loaded page is filtered here. */
export async function fetchTenantPage(search: string, page: number, signal?: AbortSignal): Promise<EntityPage> {
  const answer = await api.get<Paged<{ id: string; display_name: string; name: string }>>('/tenant', {
    query: { page, per_page: ENTITY_PAGE },
    signal,
  });
  const t = search.trim().toLowerCase();
  const items = answer.data
    .filter((r) => !t || r.display_name.toLowerCase().includes(t) || r.name.toLowerCase().includes(t))
    .map((r) => ({ id: r.id, display_name: r.display_name }));
  return { items, hasMore: more(answer.meta, page, answer.data.length) };
}

export type PageFetcher = (search: string, page: number, signal?: AbortSignal) => Promise<EntityPage>;

/**
 * The search text of an entity dropdown and its pages: the query runs 300 ms after the last
 * keystroke, only with 0 or ≥ 3 characters, and loads 24 more at a time.
 */
export function useEntitySearch(key: readonly unknown[], fetchPage: PageFetcher, enabled: boolean) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, DEBOUNCE_MS.selectorDropdown);
  const term = searchesWith(debounced) ? debounced.trim() : null;
  const query = useInfiniteQuery({
    queryKey: ['field-entity-search', ...key, term],
    queryFn: ({ pageParam, signal }) => fetchPage(term ?? '', pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: enabled && term !== null,
    staleTime: 60_000,
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return {
    search,
    setSearch,
    /** True while the typed text is 1 or 2 characters: no search runs. */
    tooShort: !searchesWith(search),
    items,
    loading: query.isFetching,
    error: query.error,
    hasMore: query.hasNextPage,
    loadMore: () => query.fetchNextPage(),
  };
}
