import { Loader, Typography } from '@mantine/core';
import { RICH_TEXT_MAX_HEIGHT } from '@turnout/shared/fields/types/rich-text-area';
import { lazy, Suspense, useId, useMemo } from 'react';
import type { FieldDisplayProps, FieldEditorProps } from '../types.ts';
import { FieldShell, NONE_ENTERED } from './FieldShell.tsx';
import { sanitizeHtml } from './sanitize-html.ts';

const TiptapEditor = lazy(() => import('./TiptapEditor.tsx'));

/** Sanitised HTML, read-only. */
export function HtmlView({ html, maxHeight }: { html: string; maxHeight?: number }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Typography fz="sm" mah={maxHeight} style={{ overflowY: maxHeight ? 'auto' : undefined }}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by an allow-list above */}
      <div dangerouslySetInnerHTML={{ __html: safe }} />
    </Typography>
  );
}

export const richTextMaxHeight = (params: Record<string, unknown> | undefined) => {
  const n = Number(params?.maxHeight);
  return Number.isFinite(n) && n > 0 ? n : RICH_TEXT_MAX_HEIGHT;
};

/** rich-text-area: Tiptap, loaded only when an editable rich text field is shown. */
export function RichTextEditor(props: FieldEditorProps<string>) {
  const maxHeight = richTextMaxHeight(props.field.params);
  const labelId = useId();
  return (
    <FieldShell {...props} group={false} labelId={labelId}>
      {props.editable ? (
        <Suspense fallback={<Loader role="status" size="sm" aria-label="Loading editor" />}>
          <TiptapEditor
            value={props.value ?? ''}
            onChange={props.onChange}
            label={props.field.title}
            labelId={labelId}
            maxHeight={maxHeight}
            invalid={!!props.error}
          />
        </Suspense>
      ) : props.value ? (
        <HtmlView html={props.value} maxHeight={maxHeight} />
      ) : (
        <span style={{ color: 'var(--mantine-color-gray-7)', fontSize: 'var(--mantine-font-size-sm)' }}>{NONE_ENTERED}</span>
      )}
    </FieldShell>
  );
}

export const RichTextDisplay = ({ value }: FieldDisplayProps<string>) => (value ? <HtmlView html={value} /> : null);
