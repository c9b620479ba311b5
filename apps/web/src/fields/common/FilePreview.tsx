import { Anchor, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconFile, IconFileTypePdf } from '@tabler/icons-react';
import type { FileReference } from '@turnout/shared/fields/types/single-file';
import type { ReactNode } from 'react';
import { isQueuedFileRef, useQueuedFileUrl } from '../../features/offline/queued-files.ts';
import { contentUrl, mediaKind, pdfViewerHref, useObjectUrl } from './files.ts';

const nameOf = (f: FileReference) => f.original_name || f.path?.split('/').pop() || f.id;

/** One attached file: an image preview, a video player (mp4, quicktime), a PDF viewer link, or a link. */
export function FilePreview({ file, actions }: { file: FileReference; actions?: ReactNode }) {
  const kind = mediaKind(file);
  // A file picked offline: its bytes are on this device until the queue uploads them.
  const queued = isQueuedFileRef(file.id);
  const url = contentUrl(file);
  const local = useQueuedFileUrl(queued ? file.id : undefined);
  const remote = useObjectUrl(!queued && (kind === 'image' || kind === 'video') ? url : undefined);
  const media = queued ? { src: local, error: null } : remote;
  const name = nameOf(file);
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="attached-file">
      <Stack gap={6}>
        {kind === 'image' &&
          (media.src ? (
            <Image src={media.src} alt={name} mah={240} w="auto" fit="contain" radius="sm" />
          ) : media.error ? (
            <Text fz="xs" c="red">
              File is not available.
            </Text>
          ) : (
            <Loader role="status" size="sm" aria-label={`Loading ${name}`} />
          ))}
        {kind === 'video' &&
          (media.src ? (
            // biome-ignore lint/a11y/useMediaCaption: recordings made in the field have no caption track
            <video src={media.src} controls style={{ maxWidth: '100%', maxHeight: 320 }} aria-label={name} />
          ) : (
            <Loader role="status" size="sm" aria-label={`Loading ${name}`} />
          ))}
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {kind === 'pdf' ? <IconFileTypePdf size={18} aria-hidden /> : kind === 'other' ? <IconFile size={18} aria-hidden /> : null}
            {kind === 'pdf' ? (
              <Anchor href={pdfViewerHref(url)} target="_blank" fz="sm" truncate>
                {name}
              </Anchor>
            ) : (
              <Text fz="sm" truncate>
                {name}
                {queued ? ' (waiting to upload)' : ''}
              </Text>
            )}
          </Group>
          {actions}
        </Group>
      </Stack>
    </Paper>
  );
}
