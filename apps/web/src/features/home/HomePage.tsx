import { Stack, Text, Title } from '@mantine/core';
import { ActiveAlertsBanner } from '../alerts/ActiveAlertsBanner.tsx';
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
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        Home
      </Title>
      <ActiveAlertsBanner />
      {atGlobalLevel ? (
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
