import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { tryResolveLink } from './links.ts';
import { NavIcon } from './NavIcon.tsx';
import classes from './tiles.module.css';
import type { Tile } from './tree.ts';

interface LinkTileProps {
  tile: Tile;
  /** 'row': icon beside the label (home); 'stack': icon above the label (category screens). */
  layout: 'row' | 'stack';
}

/**
 * A tile that goes where its path says: inside the app, or to an external address in a new
 * tab. A path that is not a link (spec 01 §2.3 raises an error) shows as a broken tile.
 */
export function LinkTile({ tile, layout }: LinkTileProps) {
  const link = tryResolveLink(tile.to);
  const icon = (
    <ThemeIcon variant="light" size={layout === 'row' ? 40 : 48} radius="md">
      <NavIcon name={tile.icon} size={layout === 'row' ? 22 : 26} />
    </ThemeIcon>
  );
  const body =
    layout === 'row' ? (
      <Group gap="sm" wrap="nowrap" w="100%">
        {icon}
        <Text fw={600} flex={1} miw={0} truncate>
          {tile.label}
        </Text>
        {link?.external ? <IconExternalLink size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
      </Group>
    ) : (
      <Stack gap={8} align="center" className={classes.tileContent}>
        {icon}
        <Text fw={600} ta="center" lineClamp={2}>
          {tile.label}
        </Text>
      </Stack>
    );
  if (!link) {
    return (
      <Paper withBorder radius="md" p="md" className={classes.tile} aria-disabled="true" title="This link is not valid." opacity={0.6}>
        {body}
      </Paper>
    );
  }
  const common = { withBorder: true, radius: 'md', p: 'md', className: classes.tile, 'data-testid': 'tile' } as const;
  return link.external ? (
    <Paper
      {...common}
      component="a"
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${tile.label} (opens in a new tab)`}
    >
      {body}
    </Paper>
  ) : (
    <Paper {...common} component={Link} to={link.to}>
      {body}
    </Paper>
  );
}
