import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { addDays, calendarDateIn } from '@turnout/shared';
import { useState } from 'react';
import { ApiError, type FieldErrors } from '../../api/index.ts';
import type { ListRequest } from '../entity-list/list-model.ts';
import {
  followReport,
  type ReportFormat,
  requestTimesheetReport,
  showReportError,
  TIME_REPORT_TITLES,
  type TimeReportKind,
} from './list-reports.ts';

/** This week, Sunday to Saturday, where the person is. */
function thisWeek(): { from: string; to: string } {
  const today = calendarDateIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const from = addDays(today, -new Date(`${today}T00:00:00Z`).getUTCDay());
  return { from, to: addDays(from, 6) };
}

interface TimesheetReportDialogProps {
  opened: boolean;
  /** Time Clock Report (attendance_single) or Timesheet Report (time_sheet). */
  kind: TimeReportKind;
  typeName: string;
  onClose(): void;
  /** The time sheet list as filtered and searched: the report covers its sheets. */
  request: ListRequest;
}

/** Time Clock Report and Timesheet Report (spec 01 §2.6): hours per member per day of a chosen period, as PDF or Excel. */
export function TimesheetReportDialog({ opened, kind, typeName, onClose, request }: TimesheetReportDialogProps) {
  const title = TIME_REPORT_TITLES[kind];
  const [period, setPeriod] = useState(thisWeek);
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setErrors({});
    try {
      const jobId = await requestTimesheetReport(kind, typeName, request, format, period);
      onClose();
      void followReport(jobId, format, `${title.replace(/ Report$/, ' report')} ${period.from} to ${period.to}.${format}`);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
      else showReportError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text fz="sm">Hours per member per day, with meal breaks deducted, and totals for each week.</Text>
          <Group grow>
            {(['from', 'to'] as const).map((end) => (
              <TextInput
                key={end}
                type="date"
                label={end === 'from' ? 'From' : 'To'}
                required
                value={period[end]}
                error={errors[end]?.[0]}
                onChange={(e) => setPeriod({ ...period, [end]: e.currentTarget.value })}
              />
            ))}
          </Group>
          <SegmentedControl
            aria-label="Format"
            value={format}
            onChange={(v) => setFormat(v as ReportFormat)}
            data={[
              { value: 'pdf', label: 'PDF' },
              { value: 'xlsx', label: 'Excel' },
            ]}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Create Report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
