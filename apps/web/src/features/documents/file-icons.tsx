import {
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconMovie,
  IconMusic,
  IconPhoto,
} from '@tabler/icons-react';

/** The type icon of a document in lists, from its stored mime type. */
export function FileTypeIcon({ mime, size = 20 }: { mime: string; size?: number }) {
  const props = { size, 'aria-hidden': true, stroke: 1.6 } as const;
  if (mime === 'application/pdf') return <IconFileTypePdf {...props} />;
  if (mime.startsWith('image/')) return <IconPhoto {...props} />;
  if (mime.startsWith('video/')) return <IconMovie {...props} />;
  if (mime.startsWith('audio/')) return <IconMusic {...props} />;
  if (mime.includes('sheet') || mime.includes('excel') || mime === 'text/csv') return <IconFileSpreadsheet {...props} />;
  if (mime.includes('word') || mime.includes('document')) return <IconFileTypeDoc {...props} />;
  if (mime.startsWith('text/')) return <IconFileText {...props} />;
  return <IconFile {...props} />;
}

/** A short word for the type column. */
export function typeLabel(mime: string): string {
  if (mime === 'application/pdf') return 'PDF';
  if (mime.startsWith('image/')) return 'Image';
  if (mime.startsWith('video/')) return 'Video';
  if (mime.startsWith('audio/')) return 'Audio';
  if (mime.startsWith('text/')) return 'Text';
  return 'File';
}
