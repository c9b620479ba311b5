import { Anchor, Breadcrumbs, Button, Group, Loader, Menu, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconBuildingFortress, IconChevronDown, IconFolder, IconUser } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { DocumentTable } from './DocumentTable.tsx';
import { libraryOf, placeFromSearch, placeHref, useFolderListing, useStations } from './documents-api.ts';
import { FolderList } from './FolderList.tsx';
import { NewFolderButton } from './folder-dialogs.tsx';
import { UploadArea } from './UploadArea.tsx';

/** A big entry of the library's first screens: My Documents, Station Documents, a station. */
function Entry({ to, label, icon }: { to: string; label: string; icon: React.ReactNode }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={label}>
      <Paper withBorder radius="md" p="lg" mih={72}>
        <Group gap="md" wrap="nowrap">
          {icon}
          <Text fw={600}>{label}</Text>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/**
 * /documents (spec 01 §2.9): the library entry 'My Documents', 'Station Documents', then a
 * station; inside a library the breadcrumb folders with a subfolder menu, Upload, the folders
 * and the documents, or 'No documents found'.
 */
export function DocumentsPage() {
  const [search] = useSearchParams();
  const place = placeFromSearch(search);
  const query = libraryOf(place);
  const stations = useStations(place.top === 'stations' || place.top === 'station');
  const listing = useFolderListing(query);
  const stationName = stations.data?.find((s) => s.id === place.station)?.display_name ?? 'Station';

  const crumbs: { label: string; to: string }[] = [{ label: 'Documents', to: placeHref({ top: 'none', station: null, folderPath: [] }) }];
  if (place.top === 'my') crumbs.push({ label: 'My Documents', to: placeHref({ top: 'my', station: null, folderPath: [] }) });
  if (place.top === 'stations' || place.top === 'station')
    crumbs.push({ label: 'Station Documents', to: placeHref({ top: 'stations', station: null, folderPath: [] }) });
  if (place.top === 'station') crumbs.push({ label: stationName, to: placeHref({ ...place, folderPath: [] }) });
  const path = listing.data?.path ?? [];
  path.forEach((folder, index) => {
    crumbs.push({ label: folder.folder_name, to: placeHref({ ...place, folderPath: path.slice(0, index + 1).map((f) => f.id) }) });
  });
  const subfolders = listing.data?.folders ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>Documents</Title>
        {query && listing.data && (
          <Group gap="sm">
            {listing.data.can.create_folder && <NewFolderButton query={query} />}
            {listing.data.can.upload && <UploadArea query={query} mode="button" />}
          </Group>
        )}
      </Group>
      <Group gap={4} wrap="wrap">
        <Breadcrumbs separatorMargin={6}>
          {crumbs.map((c, i) =>
            i === crumbs.length - 1 ? (
              <Text key={c.to} fw={600} aria-current="page">
                {c.label}
              </Text>
            ) : (
              <Anchor key={c.to} component={Link} to={c.to}>
                {c.label}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
        {query && subfolders.length > 0 && (
          <Menu position="bottom-start">
            <Menu.Target>
              <Button variant="subtle" size="compact-sm" rightSection={<IconChevronDown size={14} />} aria-label="Subfolders" mih={36}>
                Subfolders
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {subfolders.map((f) => (
                <Menu.Item
                  key={f.id}
                  component={Link}
                  to={placeHref({ ...place, folderPath: [...place.folderPath, f.id] })}
                  leftSection={<IconFolder size={16} />}
                >
                  {f.folder_name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>

      {place.top === 'none' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
          <Entry
            to={placeHref({ top: 'my', station: null, folderPath: [] })}
            label="My Documents"
            icon={<IconUser size={28} aria-hidden />}
          />
          <Entry
            to={placeHref({ top: 'stations', station: null, folderPath: [] })}
            label="Station Documents"
            icon={<IconBuildingFortress size={28} aria-hidden />}
          />
        </SimpleGrid>
      )}

      {place.top === 'stations' &&
        (stations.isLoading ? (
          <Loader role="status" aria-label="Loading stations" />
        ) : stations.data?.length ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {stations.data.map((s) => (
              <Entry
                key={s.id}
                to={placeHref({ top: 'station', station: s.id, folderPath: [] })}
                label={s.display_name}
                icon={<IconBuildingFortress size={28} aria-hidden />}
              />
            ))}
          </SimpleGrid>
        ) : (
          <Text c="gray.7">No stations found</Text>
        ))}

      {query &&
        (listing.isLoading ? (
          <Loader role="status" aria-label="Loading folder" />
        ) : listing.error ? (
          <Text c="red" role="alert">
            {listing.error.message}
          </Text>
        ) : listing.data ? (
          <UploadArea query={query} mode="zone" enabled={listing.data.can.upload}>
            <Stack gap="md">
              {subfolders.length > 0 && <FolderList place={place} query={query} folders={subfolders} can={listing.data.can} />}
              <DocumentTable query={query} can={listing.data.can} />
            </Stack>
          </UploadArea>
        ) : null)}
    </Stack>
  );
}
