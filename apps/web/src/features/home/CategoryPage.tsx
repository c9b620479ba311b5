import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { useHomeNavigation } from './home-api.ts';
import { LoadFailed, TilesLoading } from './LoadState.tsx';
import { TileGroups } from './TileGroups.tsx';
import { ancestorsOf, categoryById, categoryGroups } from './tree.ts';

/**
 * A category screen (spec 01 §2.5) at /category/{id}, and the category tree at
 * /categorytree?parent={display name}&id={id}: the screen buttons linked to the category, its
 * sub-categories, then its module entity types grouped under their sub-category header.
 */
export function CategoryPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id ?? search.get('id');
  const query = useHomeNavigation();
  const category = query.data ? categoryById(query.data, id) : undefined;
  const title = category?.display_name ?? search.get('parent') ?? 'Category';

  let content: React.ReactNode;
  if (query.isError) content = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) content = <TilesLoading />;
  else if (!category) content = <Text c="dimmed">This category was not found.</Text>;
  else {
    const groups = categoryGroups(query.data, category);
    content = groups.length ? (
      <TileGroups groups={groups} variant="category" />
    ) : (
      <Text c="dimmed">No '{category.display_name}' found</Text>
    );
  }
  const trail = query.data && category ? ancestorsOf(query.data, category) : [];

  return (
    <Stack gap="lg">
      {trail.length > 0 && (
        <nav aria-label="Breadcrumb">
          <Breadcrumbs>
            {trail.map((c) => (
              <Anchor key={c.id} component={Link} to={c.id === query.data?.home ? '/' : `/category/${c.id}`} fz="sm">
                {c.display_name}
              </Anchor>
            ))}
          </Breadcrumbs>
        </nav>
      )}
      <Title order={1}>{title}</Title>
      {content}
    </Stack>
  );
}
