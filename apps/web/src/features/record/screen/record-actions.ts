import { notifications } from '@mantine/notifications';
import { ApiError, isSignedOut } from '../../../api/index.ts';
import { reportErrorText } from '../../reports/report-error.ts';
import { type RecordData, reportPdf, toggleWatch } from '../record-api.ts';

/** Menu actions of the record screen that need nothing of the form. */

export const errorText = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));

export function showError(error: unknown, autoClose: number | false = 10_000): void {
  if (!isSignedOut(error)) notifications.show({ color: 'red', message: errorText(error), autoClose });
}

/** Receive Notifications: POST …/toggleWatch; answers whether the person now watches (null on failure). */
export async function toggleWatching(record: RecordData): Promise<boolean | null> {
  try {
    return (await toggleWatch(record.type.name, record.id)).watching;
  } catch (error) {
    showError(error);
    return null;
  }
}

/** Create {report} PDF: opens the url the server answers, or says what went wrong. */
export async function openReport(record: RecordData, reportId: string): Promise<void> {
  // Opened within the click, so the browser lets it open; pointed at the PDF once it is ready.
  const target = window.open('', '_blank');
  try {
    const { url } = await reportPdf(record.type.name, record.id, reportId);
    if (target) target.location.href = url;
    else window.open(url, '_blank');
  } catch (error) {
    target?.close();
    notifications.show({ color: 'red', message: reportErrorText(error), autoClose: 10_000 });
  }
}

/** Export Record as JSON (web only): the record as the API answers it, as a file. */
export function downloadJson(record: RecordData): void {
  const blob = new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${record.type.name}-${record.id}.json`;
  a.click();
  URL.revokeObjectURL(url);
}
