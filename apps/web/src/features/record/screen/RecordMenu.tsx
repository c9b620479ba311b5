import { ActionIcon, Menu } from '@mantine/core';
import {
  IconBell,
  IconBellOff,
  IconBolt,
  IconCalendarEvent,
  IconCheck,
  IconDots,
  IconEdit,
  IconFileExport,
  IconFileTypePdf,
  IconHistory,
  IconPrinter,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import type { Gates } from '../model/gates.ts';

export interface ReportItem {
  id: string;
  name: string;
}

interface RecordMenuProps {
  gates: Gates;
  typeLabel: string;
  watching: boolean;
  recurring: boolean;
  /** Modify / Delete Schedule Item of a record made by a recurring event that still exists. */
  onModifySchedule?: (() => void) | undefined;
  onDeleteSchedule?: (() => void) | undefined;
  viewMode: boolean;
  reports: ReportItem[];
  onWatch(): void;
  onEnableEditing(): void;
  onPrint(): void;
  onReport(report: ReportItem): void;
  onVersions(): void;
  onActions(): void;
  onExportJson(): void;
  onDelete(): void;
  onEditType(): void;
}

/** The record's overflow menu: every item of spec 01 §2.7, each shown only to those it is for (§6). */
export function RecordMenu(props: RecordMenuProps) {
  const { gates } = props;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={260}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label="More actions">
          <IconDots size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {props.recurring && props.onModifySchedule && props.onDeleteSchedule ? (
          <>
            <Menu.Item leftSection={<IconCalendarEvent size={16} />} onClick={props.onModifySchedule}>
              Modify Schedule Item
            </Menu.Item>
            <Menu.Item leftSection={<IconCalendarEvent size={16} />} onClick={props.onDeleteSchedule}>
              Delete Schedule Item
            </Menu.Item>
          </>
        ) : null}
        {gates.watch ? (
          <Menu.Item
            leftSection={props.watching ? <IconBellOff size={16} /> : <IconBell size={16} />}
            onClick={props.onWatch}
            rightSection={props.watching ? <IconCheck size={14} role="img" aria-label="on" /> : undefined}
          >
            Receive Notifications
          </Menu.Item>
        ) : null}
        {props.viewMode && gates.enableEditing.shown ? (
          <Menu.Item
            leftSection={<IconEdit size={16} />}
            onClick={props.onEnableEditing}
            disabled={gates.enableEditing.disabled}
            title={gates.enableEditing.reason ?? undefined}
          >
            Enable Editing
          </Menu.Item>
        ) : null}
        {gates.print ? (
          <Menu.Item leftSection={<IconPrinter size={16} />} onClick={props.onPrint}>
            Print/Save PDF
          </Menu.Item>
        ) : null}
        {gates.print
          ? props.reports.map((report) => (
              <Menu.Item key={report.id} leftSection={<IconFileTypePdf size={16} />} onClick={() => props.onReport(report)}>
                Create {report.name} PDF
              </Menu.Item>
            ))
          : null}
        {gates.versions ? (
          <Menu.Item leftSection={<IconHistory size={16} />} onClick={props.onVersions}>
            View Versions
          </Menu.Item>
        ) : null}
        {gates.viewActions ? (
          <Menu.Item leftSection={<IconBolt size={16} />} onClick={props.onActions}>
            View Actions
          </Menu.Item>
        ) : null}
        {gates.exportJson ? (
          <Menu.Item leftSection={<IconFileExport size={16} />} onClick={props.onExportJson}>
            Export Record as JSON
          </Menu.Item>
        ) : null}
        {gates.deleteRecord ? (
          <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={props.onDelete}>
            Delete Record
          </Menu.Item>
        ) : null}
        {gates.editType ? (
          <Menu.Item leftSection={<IconSettings size={16} />} onClick={props.onEditType}>
            Edit Type: {props.typeLabel}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
