import { Anchor, Card, Group, Skeleton, Text } from '@mantine/core';
import type { Widget } from '@turnout/shared';
import { widgetColor } from '@turnout/shared';
import { Link } from 'react-router';
import { ActivityFeed } from './ActivityFeed.tsx';
import { WidgetFigure } from './WidgetFigure.tsx';
import { useWidgetData } from './widgets-api.ts';

/** The target type's list showing exactly the widget's records (spec 02 §2: from_widget={id}). */
export const widgetListPath = (w: Widget) => `/entity-list?type=${encodeURIComponent(w.entity_type_target)}&from_widget=${w.id}`;

function Figure({ widget }: { widget: Widget }) {
  const query = useWidgetData(widget);
  if (query.isPending) return <Skeleton height={64} role="status" aria-label="Loading" />;
  if (query.isError) return <Text fz="sm">{query.error.message}</Text>;
  return <WidgetFigure widget={widget} data={query.data} />;
}

/** One widget on a dashboard or the home screen: its name in its colour, its figure, a link to its records. */
export function WidgetTile({ widget }: { widget: Widget }) {
  const color = widgetColor(widget.color);
  const feed = widget.render_type === 'activity_feed';
  return (
    <Card withBorder radius="md" padding="md" style={{ borderTop: `4px solid ${color}`, gridColumn: feed ? '1 / -1' : undefined }}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        {feed ? (
          <Text fw={700}>{widget.name}</Text>
        ) : (
          <Anchor component={Link} to={widgetListPath(widget)} fw={700} c="dark" underline="hover">
            {widget.name}
          </Anchor>
        )}
      </Group>
      {feed ? <ActivityFeed widget={widget} /> : <Figure widget={widget} />}
    </Card>
  );
}
