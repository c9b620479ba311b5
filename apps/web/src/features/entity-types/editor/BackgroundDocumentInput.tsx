import { Alert, Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, api } from '../../../api/index.ts';

/** The report's background document as stored in its definition (spec 03 §3): the file id and its url. */
export type BackgroundDocument = {
  [key: string]: unknown;
  value?: unknown;
  path?: string | undefined;
  original_name?: string | undefined;
};

export const BACKGROUND_PDF_ONLY = 'The background document must be a PDF.';
export const NO_BACKGROUND = 'No background PDF: stamps print on blank letter pages.';

interface UploadedFile {
  id: string;
  url: string;
  original_name: string;
  mime_type: string;
}

/**
 * Upload (or replace, or remove) the PDF a report's stamps print on. The file goes to POST
 * /files; the definition keeps `{ value: file id, path: its url, original_name }`, and the
 * server checks on save that the file exists in the tenant and is a PDF.
 */
export function BackgroundDocumentInput({
  reportName,
  value,
  readOnly,
  onChange,
}: {
  reportName: string;
  value: BackgroundDocument | null | undefined;
  readOnly: boolean;
  onChange: (next: BackgroundDocument | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.type && file.type !== 'application/pdf') {
      setError(BACKGROUND_PDF_ONLY);
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const answer = await api.postMultipart<{ data: UploadedFile }>('/files', form);
      if (answer.data.mime_type !== 'application/pdf') {
        setError(BACKGROUND_PDF_ONLY);
        return;
      }
      onChange({ value: answer.data.id, path: answer.data.url, original_name: answer.data.original_name });
    } catch (e) {
      const message = e instanceof ApiError ? (Object.values(e.fieldErrors)[0]?.[0] ?? e.message) : String(e);
      setError(`An error occurred: ${message}`);
    } finally {
      setBusy(false);
    }
  };
  const current = value?.value ? (value.original_name ?? value.path ?? String(value.value)) : null;
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        Background document
      </Text>
      <Group gap="sm">
        <IconFileTypePdf size={18} aria-hidden />
        <Text fz="sm" c={current ? undefined : 'dimmed'} data-testid="background-document">
          {current ?? NO_BACKGROUND}
        </Text>
        {busy && <Loader role="status" size="xs" aria-label="Uploading the background PDF" />}
      </Group>
      {!readOnly && (
        <Group gap="xs">
          <FileButton onChange={(file) => void upload(file)} accept="application/pdf" disabled={busy}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                aria-label={`Upload background PDF for ${reportName}`}
              >
                {current ? 'Replace PDF' : 'Upload PDF'}
              </Button>
            )}
          </FileButton>
          {current && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => onChange(null)}
              aria-label={`Remove background PDF of ${reportName}`}
            >
              Remove
            </Button>
          )}
        </Group>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
