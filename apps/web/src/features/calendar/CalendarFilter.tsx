import { Button, Checkbox, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { filterLabel } from './calendar-model.ts';

interface CalendarFilterProps {
  names: string[];
  selected: string[];
  onChange(selected: string[]): void;
  opened: boolean;
  onOpen(opened: boolean): void;
}

/** The calendar filter (spec 02 §2): the types' visible_on_calendar lists; 'All' shows everything. */
export function CalendarFilter({ names, selected, onChange, opened, onOpen }: CalendarFilterProps) {
  const { height } = useViewportSize();
  const toggle = (name: string, on: boolean) => onChange(on ? [...selected, name] : selected.filter((n) => n !== name));
  return (
    <>
      <Button variant="default" leftSection={<IconFilter size={16} />} mih={44} onClick={() => onOpen(true)}>
        {filterLabel(selected)}
      </Button>
      <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={() => onOpen(false)} title="Calendar filter">
        {/* The dialog is at most 80% of the window's height. */}
        <ScrollArea.Autosize mah={Math.max(200, height * 0.8 - 140)}>
          <Stack gap="sm">
            <Checkbox label="All" checked={selected.length === 0} onChange={() => onChange([])} />
            {names.length === 0 ? <Text c="gray.7">No calendar filters.</Text> : null}
            {names.map((name) => (
              <Checkbox key={name} label={name} checked={selected.includes(name)} onChange={(e) => toggle(name, e.currentTarget.checked)} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Button mt="md" fullWidth mih={44} onClick={() => onOpen(false)}>
          Done
        </Button>
      </Modal>
    </>
  );
}
