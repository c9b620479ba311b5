import { SimpleGrid, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useWidgets } from './widgets-api.ts';

// The charts load only when the home screen has widgets: home stays light without them.
const WidgetTile = lazy(() => import('./WidgetTile.tsx').then((m) => ({ default: m.WidgetTile })));

/** The home screen's widgets (spec 01 §2.5), under the tiles; nothing when there are none. */
export function HomeWidgets() {
  const widgets = useWidgets('home_screen');
  if (!widgets.data || widgets.data.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="section" aria-label="Widgets">
      <Suspense fallback={<Skeleton height={120} />}>
        {widgets.data.map((w) => (
          <WidgetTile key={w.id} widget={w} />
        ))}
      </Suspense>
    </SimpleGrid>
  );
}
