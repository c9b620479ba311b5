import { Stack, Title } from '@mantine/core';
import { LinkTile } from './LinkTile.tsx';
import classes from './tiles.module.css';
import type { Tile, TileGroup } from './tree.ts';

/** Tiles under their sub-headings, in the home or the category grid. */
export function TileGroups({ groups, variant }: { groups: TileGroup<Tile>[]; variant: 'home' | 'category' }) {
  return (
    <Stack gap="xl">
      {groups.map((group) => (
        <section key={group.heading} aria-label={group.heading}>
          <Title order={2} fz="lg" mb="sm">
            {group.heading}
          </Title>
          <div className={variant === 'home' ? classes.homeGrid : classes.categoryGrid}>
            {group.items.map((tile) => (
              <LinkTile key={tile.key} tile={tile} layout={variant === 'home' ? 'row' : 'stack'} />
            ))}
          </div>
        </section>
      ))}
    </Stack>
  );
}
