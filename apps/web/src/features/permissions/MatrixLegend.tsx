import { Group, Text } from '@mantine/core';
import { IconCheck, IconLock, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './PermissionMatrix.module.css';

function Sample({ state, changed, children, label }: { state: string; changed?: boolean; children: ReactNode; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span className={classes.cell} data-state={state} data-changed={changed ?? false} style={{ width: 26, height: 26 }} aria-hidden>
        {children}
      </span>
      <Text fz="xs">{label}</Text>
    </Group>
  );
}

/** What the cells mean, and how to work them from the keyboard. */
export function MatrixLegend() {
  return (
    <Group gap="lg" wrap="wrap" aria-label="Legend" role="group">
      <Sample state="allow" label="Allowed here">
        <IconCheck size={15} stroke={2.4} />
      </Sample>
      <Sample state="deny" label="Denied here">
        <IconX size={15} stroke={2.4} />
      </Sample>
      <Sample state="inherit" label="Inherited: allowed">
        <IconCheck size={15} className={classes.inheritedAllow} />
      </Sample>
      <Sample state="inherit" label="Inherited: denied">
        <IconX size={15} className={classes.inheritedDeny} />
      </Sample>
      <Sample state="inherit" label="Locked above">
        <IconLock size={14} className={classes.inheritedNone} />
      </Sample>
      <Sample state="inherit" changed label="Unsaved change">
        {null}
      </Sample>
      <Text fz="xs" c="dimmed">
        Click or Space cycles inherit → allow → deny. Arrows move; A allows, D denies, I inherits.
      </Text>
    </Group>
  );
}
