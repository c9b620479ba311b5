import { Button, Modal, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { PLACES } from '@turnout/shared';
import { useState } from 'react';

interface StatusControlProps {
  place: string;
  transitions: { name: string; title: string }[];
  enabled: boolean;
  busy: boolean;
  onTransition(name: string): void;
}

export const placeTitle = (place: string) => PLACES.find((p) => p.name === place)?.metadata.title ?? place;

/** The status selector: the current place; when enabled, 'Change Status To' lists the available transitions. */
export function StatusControl({ place, transitions, enabled, busy, onTransition }: StatusControlProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="light"
        size="xs"
        rightSection={enabled ? <IconChevronDown size={14} /> : undefined}
        disabled={!enabled}
        loading={busy}
        onClick={() => setOpen(true)}
        aria-label={`Status: ${placeTitle(place)}`}
      >
        {placeTitle(place)}
      </Button>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={open}
        onClose={() => setOpen(false)}
        title="Change Status To"
        centered
        size="sm"
      >
        <Stack gap="xs">
          {transitions.length === 0 ? <Text c="dimmed">No status changes are available.</Text> : null}
          {transitions.map((t) => (
            <Button
              key={t.name}
              variant="default"
              onClick={() => {
                setOpen(false);
                onTransition(t.name);
              }}
            >
              {t.title}
            </Button>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
