import { Stack, Text, Title } from '@mantine/core';
import { useMarkFirstScreenPainted } from '../../app/first-screen.ts';
import { ActiveAlertsBanner } from '../alerts/ActiveAlertsBanner.tsx';
import { useActiveAlerts } from '../alerts/alerts-api.ts';
import { isGlobalAdmin } from '../identity/access.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { HomeWidgets } from '../widgets/HomeWidgets.tsx';
import { GlobalHome } from './GlobalHome.tsx';
import { useHomeNavigation } from './home-api.ts';
import { LoadFailed, TilesLoading } from './LoadState.tsx';
import { TileGroups } from './TileGroups.tsx';
import { homeGroups } from './tree.ts';

/** Home (spec 01 §2.5): the home-tree categories and the 'Home Screen' buttons as tiles, grouped by sub-heading. */
export function HomePage() {
  const user = useCurrentUser();
  const query = useHomeNavigation();
  const atGlobalLevel = isGlobalAdmin(user) && !user.tenant_id;
  const groups = query.data ? homeGroups(query.data) : [];
  // The alerts banner sits above the tiles: nothing is shown under the title until it is
  // settled, so it never pushes the tiles down (issue 20: CLS ≤ 0.05, as on the entity list).
  const alertsLoading = useActiveAlerts().isLoading;
  // The shell's own data waits until the tiles are there.
  useMarkFirstScreenPainted(!alertsLoading && !query.isPending);
  return (
    <Stack gap="lg">
      <Title order={1}>Home</Title>
      <ActiveAlertsBanner />
      {alertsLoading ? null : atGlobalLevel ? (
        <GlobalHome />
      ) : query.isPending ? (
        <TilesLoading />
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : groups.length === 0 ? (
        <Text c="dimmed">No 'Categories' found</Text>
      ) : (
        <TileGroups groups={groups} variant="home" />
      )}
      <HomeWidgets />
    </Stack>
  );
}
