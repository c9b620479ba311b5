import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { IconDotsVertical, IconRefresh } from '@tabler/icons-react';

export interface ListOption {
  label: string;
  /** Why it is not available yet: the issue it arrives with. */
  arrivesWith?: string;
}

const REPORTS = 'Arrives with the reports issue.';
const DATA = 'Arrives with the data import and export issue.';
const PUBLIC_FORMS = 'Arrives with the public forms issue.';

/** The items of spec 01 §2.6 after Refresh, for one type: type-specific reports only for their types. */
export function listOptions(typeName: string, isPublicForm: boolean): ListOption[] {
  return [
    { label: 'PDF Report', arrivesWith: REPORTS },
    { label: 'Excel Report', arrivesWith: REPORTS },
    { label: 'NFIRS Report', arrivesWith: REPORTS },
    ...(typeName === 'attendance_single' ? [{ label: 'Time Clock Report', arrivesWith: REPORTS }] : []),
    ...(typeName === 'time_sheet' ? [{ label: 'Timesheet Report', arrivesWith: REPORTS }] : []),
    ...(isPublicForm ? [{ label: 'Link to Public Form', arrivesWith: PUBLIC_FORMS }] : []),
    { label: 'Create Import Template CSV', arrivesWith: DATA },
    { label: 'Upload CSV Data File', arrivesWith: DATA },
    { label: 'Export Data to CSV', arrivesWith: DATA },
  ];
}

interface OptionsMenuProps {
  typeName: string;
  isPublicForm: boolean;
  onRefresh(): void;
}

/** The list's options menu: Refresh works; the rest say which issue brings them. */
export function OptionsMenu({ typeName, isPublicForm, onRefresh }: OptionsMenuProps) {
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
        {listOptions(typeName, isPublicForm).map((option) => (
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
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
