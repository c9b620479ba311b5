import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityFeedItem, Dashboard, DashboardBody, Widget, WidgetBody, WidgetData } from '@turnout/shared';
import { answer, answerData, api } from '../../api/index.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { useServerEvent } from '../notifications/server-events.ts';

/** The widgets module's calls (apps/server/src/modules/widgets; docs/api.md 'Widgets'). */
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
    queryFn: ({ signal }) => api.get('/widgets', { signal, query: { position }, schema: answerData<Widget[]>() }),
    enabled: user.tenant_id !== null,
  });
}

export function useDashboards() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: widgetKeys.dashboards(user.tenant_id),
    queryFn: ({ signal }) => api.get('/dashboards', { signal, schema: answerData<Dashboard[]>() }),
    enabled: user.tenant_id !== null,
  });
}

/** A widget's figures, read again when a record of its type is saved or deleted. */
export function useWidgetData(widget: Widget) {
  const user = useCurrentUser();
  const query = useQuery<WidgetData>({
    queryKey: widgetKeys.data(widget.id, user.acting_role),
    queryFn: ({ signal }) => api.get(`/widget/${widget.id}`, { signal, schema: answer<WidgetData>() }),
    retry: false,
  });
  useRecordsChanged([widget.entity_type_target], () => void query.refetch());
  return query;
}

/** Calls `refresh` when a record of one of `types` is saved or deleted (the server's 'records' event). */
export function useRecordsChanged(types: readonly string[], refresh: () => void) {
  useServerEvent('records', (data) => {
    const type = (data as { entity_type?: unknown } | null)?.entity_type;
    if (typeof type === 'string' && types.includes(type)) refresh();
  });
}

/** An activity feed: 100 a page, newest first, read again every 10 s and at once when its types change (spec 02 §7, §9). */
export function useActivityFeed(widget: Widget) {
  const user = useCurrentUser();
  const id = widget.id;
  const query = useQuery<FeedPage>({
    queryKey: widgetKeys.feed(id, user.acting_role),
    queryFn: ({ signal }) => api.get(`/widget/${id}/feed`, { signal, schema: answer<FeedPage>() }),
    refetchInterval: 10_000,
  });
  useRecordsChanged(widget.activity_types.length > 0 ? widget.activity_types : [widget.entity_type_target], () => void query.refetch());
  return query;
}

export function previewWidget(body: WidgetBody): Promise<WidgetData> {
  return api.post('/widgets/preview', body, { schema: answer<WidgetData>() });
}

export function useSaveWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: WidgetBody }) =>
      id ? api.put(`/widgets/${id}`, body, { schema: answerData<Widget>() }) : api.post('/widgets', body, { schema: answerData<Widget>() }),
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
      id
        ? api.put(`/dashboards/${id}`, body, { schema: answerData<Dashboard>() })
        : api.post('/dashboards', body, { schema: answerData<Dashboard>() }),
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
  return api.post(`/widgets/${id}/kiosk`, undefined, { schema: answer<{ key: string; path: string }>() });
}
