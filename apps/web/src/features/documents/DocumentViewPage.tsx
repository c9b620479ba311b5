import { Anchor, Button, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { fetchBlobUrl, pdfViewerHref, useObjectUrl } from '../../fields/common/files.ts';
import { formatSize, placeHref, useDocument, useSignedContentUrl } from './documents-api.ts';
import { FileTypeIcon, typeLabel } from './file-icons.tsx';

type Viewer = 'pdf' | 'image' | 'video' | 'download';

export function viewerFor(mime: string): Viewer {
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'video/mp4' || mime === 'video/quicktime') return 'video';
  return 'download';
}

/** Saves the bytes (fetched with the token) under the document's name. */
async function download(url: string, name: string) {
  const blob = await fetchBlobUrl(url);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

function Picture({ url, name }: { url: string; name: string }) {
  const media = useObjectUrl(url);
  if (media.error) return <Text c="red">File is not available.</Text>;
  if (!media.src) return <Loader role="status" aria-label={`Loading ${name}`} />;
  return <Image src={media.src} alt={name} mah="70vh" w="auto" fit="contain" radius="sm" />;
}

/**
 * The player streams and seeks with range requests through a short-lived signed URL (it cannot
 * send the bearer token). When the URL has expired mid-watch, a new one resumes where it was.
 */
function Video({ fileId, name }: { fileId: string; name: string }) {
  const signed = useSignedContentUrl(fileId);
  const resumeAt = useRef(0);
  if (signed.error) return <Text c="red">File is not available.</Text>;
  if (!signed.data) return <Loader role="status" aria-label={`Loading ${name}`} />;
  return (
    // biome-ignore lint/a11y/useMediaCaption: recordings and training videos come without caption tracks
    <video
      src={signed.data.url}
      controls
      preload="metadata"
      style={{ maxWidth: '100%', maxHeight: '70vh' }}
      aria-label={name}
      data-testid="document-video"
      onLoadedMetadata={(e) => {
        if (resumeAt.current) e.currentTarget.currentTime = resumeAt.current;
      }}
      onError={(e) => {
        if (Date.parse(signed.data.expires_at) > Date.now()) return;
        resumeAt.current = e.currentTarget.currentTime;
        void signed.refetch();
      }}
    />
  );
}

/** /documents/{id} (spec 01 §2.3 DocumentView): the document in the app, or a download. */
export function DocumentViewPage() {
  const { id = '' } = useParams();
  const doc = useDocument(id);
  const [error, setError] = useState<string | null>(null);
  if (doc.isLoading) return <Loader role="status" aria-label="Loading document" />;
  if (doc.error || !doc.data)
    return (
      <Stack gap="sm">
        <Title order={1}>File unavailable</Title>
        <Text>File is not available.</Text>
        <Anchor component={Link} to="/documents/">
          Back to Documents
        </Anchor>
      </Stack>
    );
  const d = doc.data;
  const viewer = viewerFor(d.mime_type);
  const back =
    d.library === 'my'
      ? placeHref({ top: 'my', station: null, folderPath: d.folder_id ? [d.folder_id] : [] })
      : placeHref({ top: 'station', station: d.station_id, folderPath: d.folder_id ? [d.folder_id] : [] });
  return (
    <Stack gap="md">
      <Anchor component={Link} to={back}>
        Back to the folder
      </Anchor>
      <Group gap="sm" wrap="nowrap">
        <FileTypeIcon mime={d.mime_type} size={28} />
        <Title order={1} style={{ wordBreak: 'break-word' }}>
          {d.name}
        </Title>
      </Group>
      <Text c="gray.7" fz="sm">
        {typeLabel(d.mime_type)} · {formatSize(d.size_bytes)} · {new Date(d.created_at).toLocaleString()}
        {d.created_by ? ` · ${d.created_by.display_name}` : ''}
      </Text>
      <Paper withBorder radius="md" p="md">
        <Stack align="flex-start" gap="md">
          {viewer === 'pdf' && (
            <Button component="a" href={pdfViewerHref(d.url)} leftSection={<IconFileTypePdf size={18} />} mih={44}>
              Open in PDF viewer
            </Button>
          )}
          {viewer === 'image' && <Picture url={d.url} name={d.name} />}
          {viewer === 'video' && <Video fileId={d.file_id} name={d.name} />}
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            mih={44}
            onClick={() => download(d.url, d.name).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))}
          >
            Download
          </Button>
          {error && (
            <Text c="red" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
