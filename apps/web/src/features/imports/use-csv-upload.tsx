import { notifications } from '@mantine/notifications';
import { IMPORT_MESSAGES } from '@turnout/shared';
import { type ReactNode, useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * Upload CSV Data File (spec 01 §2.6): a file picker for CSV files; the chosen file is uploaded,
 * 'Data file uploaded successfully.' is shown, its test run is followed with toasts, and the
 * import job screen opens. Render `input` somewhere in the page and call `open()` from the menu.
 */
export function useCsvUpload(typeName: string): { input: ReactNode; open(): void } {
  const ref = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const upload = async (file: File) => {
    try {
      // The upload's and the job's code load with the first upload, not with every list (issue 20).
      const { uploadCsv } = await import('./imports-api.ts');
      const importId = await uploadCsv(typeName, file);
      notifications.show({ color: 'green', message: IMPORT_MESSAGES.uploaded });
      navigate(`/jobs/${encodeURIComponent(importId)}`);
      void import('../long-running-jobs/jobs-api.ts')
        .then(({ followJob }) => followJob(importId, { label: 'The test run' }))
        .catch(() => undefined);
    } catch (error) {
      notifications.show({ color: 'red', message: `An error occurred: ${(error as Error).message}`, autoClose: 10_000 });
    }
  };
  const input = (
    <input
      ref={ref}
      type="file"
      accept=".csv,text/csv,text/plain"
      hidden
      data-testid="csv-upload-input"
      aria-label="CSV data file"
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        event.currentTarget.value = '';
        if (file) void upload(file);
      }}
    />
  );
  return { input, open: () => ref.current?.click() };
}
