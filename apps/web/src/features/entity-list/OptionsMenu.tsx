import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import {
  IconClockHour4,
  IconDotsVertical,
  IconFileTypeCsv,
  IconFileTypePdf,
  IconFileTypeXls,
  IconFileZip,
  IconFlame,
  IconLink,
  IconRefresh,
  IconUpload,
} from '@tabler/icons-react';
import type { ReportFormat, TimeReportKind } from '../reports/list-reports.ts';
import type { CsvKind } from './csv-export.ts';

export interface ListOption {
  label: string;
  /** Why it is not available yet: the issue it arrives with. */
  arrivesWith?: string;
  /** What it does, for the items that work. */
  csv?: CsvKind;
  /** Upload CSV Data File (features/imports). */
  upload?: true;
  /** Link to Public Form (features/public-forms). */
  publicLink?: true;
  /** PDF Report and Excel Report (features/reports). */
  report?: ReportFormat;
  /** Time Clock Report and Timesheet Report: open their period dialog. */
  timesheet?: TimeReportKind;
  /** NFIRS Report: open its dialog (types with fields carrying NFIRS params). */
  nfirs?: true;
}

/** The items of spec 01 §2.6 after Refresh, for one type: type-specific reports only for their types. */
export function listOptions(typeName: string, isPublicForm: boolean, hasNfirs = false): ListOption[] {
  return [
    { label: 'PDF Report', report: 'pdf' },
    { label: 'Excel Report', report: 'xlsx' },
    ...(hasNfirs ? [{ label: 'NFIRS Report', nfirs: true as const }] : []),
    ...(typeName === 'attendance_single' ? [{ label: 'Time Clock Report', timesheet: 'timeclock' as const }] : []),
    ...(typeName === 'time_sheet' ? [{ label: 'Timesheet Report', timesheet: 'timesheet' as const }] : []),
    ...(isPublicForm ? [{ label: 'Link to Public Form', publicLink: true as const }] : []),
    { label: 'Create Import Template CSV', csv: 'template' },
    { label: 'Upload CSV Data File', upload: true },
    { label: 'Export Data to CSV', csv: 'export' },
  ];
}

interface OptionsMenuProps {
  typeName: string;
  isPublicForm: boolean;
  onRefresh(): void;
  /** Export Data to CSV (the list as filtered and sorted) and Create Import Template CSV. */
  onCsv(kind: CsvKind): void;
  /** Upload CSV Data File: pick a file and start its test run. */
  onUpload(): void;
  /** PDF Report and Excel Report of the list as filtered, searched and sorted. */
  onReport(format: ReportFormat): void;
  /** Time Clock Report (type attendance_single) and Timesheet Report (type time_sheet). */
  onTimesheet(kind: TimeReportKind): void;
  /** NFIRS Report, for types with fields carrying NFIRS params (absent: not offered). */
  onNfirs?: () => void;
  /** For types that map fields to NERIS: the list as a zip of NERIS incident JSON files. */
  onNerisZip?: () => void;
  /** Link to Public Form: show the signed link and its QR code. */
  onPublicLink?: () => void;
}

/** The list's options menu: Refresh, the CSV files and the CSV upload work; the rest say which issue brings them. */
export function OptionsMenu({
  typeName,
  isPublicForm,
  onRefresh,
  onCsv,
  onUpload,
  onReport,
  onTimesheet,
  onNfirs,
  onNerisZip,
  onPublicLink,
}: OptionsMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={260}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label="Options">
          <IconDotsVertical size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconRefresh size={16} />} onClick={onRefresh}>
          Refresh
        </Menu.Item>
        <Menu.Divider />
        {listOptions(typeName, isPublicForm, onNfirs !== undefined).map((option) =>
          option.nfirs ? (
            <Menu.Item key={option.label} leftSection={<IconFlame size={16} />} onClick={onNfirs}>
              {option.label}
            </Menu.Item>
          ) : option.publicLink ? (
            <Menu.Item key={option.label} leftSection={<IconLink size={16} />} onClick={onPublicLink}>
              {option.label}
            </Menu.Item>
          ) : option.upload ? (
            <Menu.Item key={option.label} leftSection={<IconUpload size={16} />} onClick={onUpload}>
              {option.label}
            </Menu.Item>
          ) : option.timesheet ? (
            <Menu.Item key={option.label} leftSection={<IconClockHour4 size={16} />} onClick={() => onTimesheet(option.timesheet!)}>
              {option.label}
            </Menu.Item>
          ) : option.report ? (
            <Menu.Item
              key={option.label}
              leftSection={option.report === 'pdf' ? <IconFileTypePdf size={16} /> : <IconFileTypeXls size={16} />}
              onClick={() => onReport(option.report!)}
            >
              {option.label}
            </Menu.Item>
          ) : option.csv ? (
            <Menu.Item key={option.label} leftSection={<IconFileTypeCsv size={16} />} onClick={() => onCsv(option.csv!)}>
              {option.label}
            </Menu.Item>
          ) : (
            <Tooltip key={option.label} label={option.arrivesWith} position="left" withinPortal>
              {/* The wrapper takes the pointer: a disabled item receives no mouse events. */}
              <div>
                <Menu.Item disabled style={{ pointerEvents: 'none' }} aria-description={option.arrivesWith}>
                  <Text fz="sm">{option.label}</Text>
                  <Text fz="xs" c="gray.7">
                    {option.arrivesWith}
                  </Text>
                </Menu.Item>
              </div>
            </Tooltip>
          ),
        )}
        {onNerisZip ? (
          <Menu.Item leftSection={<IconFileZip size={16} />} onClick={onNerisZip}>
            Export NERIS JSON (zip)
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
