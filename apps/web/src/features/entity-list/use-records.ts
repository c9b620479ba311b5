import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { STALE_RETRIEVAL_MS } from '@turnout/shared';
import { useEffect, useMemo } from 'react';
import { ApiError } from '../../api/index.ts';
import { rememberListTitles } from '../../app/list-titles.ts';
import { fetchType, fetchTypesLite, liteKey, typeKey } from '../entity-types/entity-types-api.ts';
import { fetchRecordPage, listKey } from './entity-list-api.ts';
import type { ListRequest } from './list-model.ts';

/**
 * The records of a list, page by page (48 each). A list whose last retrieval finished more than
 * 5 minutes ago is fetched again when the screen mounts or regains focus (spec 01 §4).
 */
export function useRecords(typeName: string, request: ListRequest) {
  const query = useInfiniteQuery({
    queryKey: listKey(typeName, request),
    queryFn: ({ pageParam, signal }) => fetchRecordPage(typeName, request, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
    staleTime: STALE_RETRIEVAL_MS,
    enabled: typeName !== '',
    // While a new search, sort or filter loads, the records shown so far stay (never another type's).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === typeName ? previous : undefined),
  });
  const forbidden = query.error instanceof ApiError && query.error.statusCode === 403;
  const notFound = query.error instanceof ApiError && query.error.statusCode === 404;
  // A 403 clears the list (spec 01 §8): nothing of an earlier answer stays on screen.
  const records = useMemo(() => (forbidden ? [] : (query.data?.pages.flatMap((p) => p.data) ?? [])), [forbidden, query.data]);
  const total = forbidden ? 0 : (query.data?.pages[0]?.meta.total ?? 0);
  // The server counts up to a cap unless asked for the exact number (docs/api.md 'Lists').
  const totalCapped = !forbidden && query.data?.pages[0]?.meta.total_capped === true;
  return { query, records, total, totalCapped, forbidden, notFound };
}

/** The type of a list by its name: from the light list of the types the user may view, then in full. */
export function useListType(typeName: string) {
  const lite = useQuery({ queryKey: liteKey, queryFn: ({ signal }) => fetchTypesLite(signal) });
  const found = lite.data?.find((t) => t.name === typeName);
  // The next cold start of a list paints its title with the first frame (app/first-paint-title.ts).
  useEffect(() => {
    if (lite.data) rememberListTitles(lite.data);
  }, [lite.data]);
  const full = useQuery({
    queryKey: typeKey(found?.id ?? ''),
    queryFn: ({ signal }) => fetchType(found!.id, signal),
    enabled: found !== undefined,
  });
  return {
    lite: found,
    type: full.data,
    loading: lite.isPending || (found !== undefined && full.isPending),
    unknown: lite.isSuccess && found === undefined,
  };
}
