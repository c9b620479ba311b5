import { ActionIcon, Alert, Box, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fetchBlobUrl } from '../../fields/common/files.ts';
import { viewerFileUrl } from './viewer-url.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

function PdfPage({ pdf, index, scale }: { pdf: PDFDocumentProxy; index: number; scale: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | undefined;
    pdf.getPage(index + 1).then((page) => {
      if (cancelled || !canvas.current) return;
      const viewport = page.getViewport({ scale: scale * (window.devicePixelRatio || 1) });
      const c = canvas.current;
      c.width = viewport.width;
      c.height = viewport.height;
      c.style.width = `${viewport.width / (window.devicePixelRatio || 1)}px`;
      task = page.render({ canvas: c, canvasContext: c.getContext('2d')!, viewport });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, index, scale]);
  return (
    <canvas
      ref={canvas}
      aria-label={`Page ${index + 1}`}
      role="img"
      style={{ boxShadow: '0 1px 4px rgba(0,0,0,.3)', background: 'white', maxWidth: 'none' }}
    />
  );
}

/**
 * /pdfjs/web/viewer.html?file={encoded url} (spec 02 §2): a PDF drawn with pdf.js. Files of the
 * app are fetched with the session's token; the page sits outside the shell.
 */
export function PdfViewerPage() {
  const [params] = useSearchParams();
  const url = viewerFileUrl(params.get('file'));
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [download, setDownload] = useState<string | null>(null);
  const [zoom, setZoom] = useState(2);

  useEffect(() => {
    if (!url) return;
    const abort = new AbortController();
    let doc: PDFDocumentProxy | null = null;
    let objectUrl: string | null = null;
    (async () => {
      try {
        const blob = url.startsWith('/api/')
          ? await fetchBlobUrl(url, abort.signal)
          : await (await fetch(url, { signal: abort.signal })).blob();
        objectUrl = URL.createObjectURL(blob);
        setDownload(objectUrl);
        doc = await getDocument({ data: new Uint8Array(await blob.arrayBuffer()) }).promise;
        if (!abort.signal.aborted) setPdf(doc);
      } catch (e) {
        if (!abort.signal.aborted) setError((e as Error).message || 'File is not available.');
      }
    })();
    return () => {
      abort.abort();
      doc?.destroy();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  const name = url ? decodeURIComponent(url.split('?')[0]!.split('/').filter(Boolean).pop() ?? 'document.pdf') : '';
  return (
    <Box bg="gray.2" mih="100dvh">
      <Group
        justify="space-between"
        px="md"
        py="xs"
        bg="white"
        style={{ position: 'sticky', top: 0, zIndex: 1, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Title order={1} fz="md">
          {pdf ? `${name} (${pdf.numPages} ${pdf.numPages === 1 ? 'page' : 'pages'})` : 'PDF viewer'}
        </Title>
        <Group gap="xs">
          <ActionIcon variant="default" aria-label="Zoom out" disabled={zoom === 0} onClick={() => setZoom((z) => Math.max(0, z - 1))}>
            <IconZoomOut size={16} />
          </ActionIcon>
          <Text fz="sm" w={48} ta="center">
            {Math.round(ZOOMS[zoom]! * 100)}%
          </Text>
          <ActionIcon
            variant="default"
            aria-label="Zoom in"
            disabled={zoom === ZOOMS.length - 1}
            onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
          >
            <IconZoomIn size={16} />
          </ActionIcon>
          {download && (
            // An icon button like the zoom ones, so a phone grows it to a finger's size (touch.css).
            <ActionIcon component="a" href={download} download={name} variant="default" aria-label="Download">
              <IconDownload size={16} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      <Stack align="center" gap="md" p="md" style={{ overflowX: 'auto' }}>
        {!url && <Alert color="red">No file to show.</Alert>}
        {error && (
          <Alert color="red" title="File unavailable">
            File is not available. {error}
          </Alert>
        )}
        {url && !pdf && !error && <Loader role="status" aria-label="Loading the PDF" />}
        {pdf &&
          Array.from({ length: pdf.numPages }, (_, i) => i).map((page) => (
            <PdfPage key={`page-${page}`} pdf={pdf} index={page} scale={ZOOMS[zoom]!} />
          ))}
      </Stack>
    </Box>
  );
}
