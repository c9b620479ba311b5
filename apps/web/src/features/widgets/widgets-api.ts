import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ActivityFeedItem,
  activityFeedItem,
  type Dashboard,
  type DashboardBody,
  dashboard,
  type Widget,
  type WidgetBody,
  type WidgetData,
  widget,
  widgetData,
} from '@turnout/shared';
import { z } from 'zod';
import { api, type Parser } from '../../api/index.ts';
import { useCurrentUser } from '../identity/current-user.tsx';

/** The widgets module's calls (apps/server/src/modules/widgets; docs/api.md 'Widgets'). */
const parse = <T>(schema: z.ZodType<T>): Parser<T> => ({ parse: (body) => schema.parse(body) });
const dataOf = <T>(schema: z.ZodType<T>) => parse(z.object({ data: schema }).transform((b) => b.data));

export const feedPage = z.object({ data: z.array(activityFeedItem), meta: z.object({ current_page: z.number(), last_page: z.number() }) });
export type FeedPage = { data: ActivityFeedItem[]; meta: { current_page: number; last_page: number } };

export const widgetKeys = {
  all: ['widgets'] as const,
  list: (tenant: string | null, position?: string) => ['widgets', 'list', tenant, position ?? 'all'] as const,
  dashboards: (tenant: string | null) => ['widgets', 'dashboards', tenant] as const,
  data: (id: string, role: string | null) => ['widgets', 'data', id, role] as const,
  feed: (id: string, role: string | null) => ['widgets', 'feed', id, role] as const,
};

export function useWidgets(position?: Widget['position']) {
  const user = useCurrentUser();
  return useQuery({
    queryKey: widgetKeys.list(user.tenant_id, position),
    queryFn: ({ signal }) => api.get('/widgets', { signal, query: { position }, schema: dataOf(z.array(widget)) }),
    enabled: user.tenant_id !== null,
  });
}

export function useDashboards() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: widgetKeys.dashboards(user.tenant_id),
    queryFn: ({ signal }) => api.get('/dashboards', { signal, schema: dataOf(z.array(dashboard)) }),
    enabled: user.tenant_id !== null,
  });
}

export function useWidgetData(id: string) {
  const user = useCurrentUser();
  return useQuery<WidgetData>({
    queryKey: widgetKeys.data(id, user.acting_role),
    queryFn: ({ signal }) => api.get(`/widget/${id}`, { signal, schema: parse(widgetData) }),
    retry: false,
  });
}

/** An activity feed: 100 a page, newest first, read again every 10 s (spec 02 §7, §9). */
export function useActivityFeed(id: string) {
  const user = useCurrentUser();
  return useQuery<FeedPage>({
    queryKey: widgetKeys.feed(id, user.acting_role),
    queryFn: ({ signal }) => api.get(`/widget/${id}/feed`, { signal, schema: parse(feedPage) }),
    refetchInterval: 10_000,
  });
}

export function previewWidget(body: WidgetBody): Promise<WidgetData> {
  return api.post('/widgets/preview', body, { schema: parse(widgetData) });
}

export function useSaveWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: WidgetBody }) =>
      id ? api.put(`/widgets/${id}`, body, { schema: dataOf(widget) }) : api.post('/widgets', body, { schema: dataOf(widget) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: widgetKeys.all }),
  });
}

export function useDeleteWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/widgets/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: widgetKeys.all }),
  });
}

export function useSaveDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DashboardBody }): Promise<Dashboard> =>
      id ? api.put(`/dashboards/${id}`, body, { schema: dataOf(dashboard) }) : api.post('/dashboards', body, { schema: dataOf(dashboard) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: widgetKeys.all }),
  });
}

export function useDeleteDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/dashboards/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: widgetKeys.all }),
  });
}

/** A new kiosk link for an activity feed (the previous one stops working). */
export function issueKioskLink(id: string): Promise<{ key: string; path: string }> {
  return api.post(`/widgets/${id}/kiosk`, undefined, { schema: parse(z.object({ key: z.string(), path: z.string() })) });
}
