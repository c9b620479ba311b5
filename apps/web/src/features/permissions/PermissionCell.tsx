import { Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconLock, IconLockOpen, IconMinus, IconX } from '@tabler/icons-react';
import type { PermissionAction, PermissionValue } from '@turnout/shared';
import type { KeyboardEvent, Ref } from 'react';
import { ACTION_LABELS, type CellView, stateWord } from './matrix-model.ts';
import classes from './PermissionMatrix.module.css';

const STATE_ATTR = { Allow: 'allow', Deny: 'deny', Inherit: 'inherit' } as const;

function SetIcon({ value, action }: { value: boolean; action: PermissionAction }) {
  if (action === 'lock_children') return value ? <IconLock size={18} stroke={2} /> : <IconLockOpen size={18} stroke={2} />;
  return value ? <IconCheck size={18} stroke={2.4} /> : <IconX size={18} stroke={2.4} />;
}

/** The faded mark of what the levels above decide: a check, a cross, or a dash when nothing is inherited. */
function InheritedIcon({ cell }: { cell: CellView }) {
  const inherited = cell.inherited;
  if (!inherited) return <IconMinus size={16} className={classes.inheritedNone} aria-hidden />;
  if (!inherited.from) return <IconX size={16} className={classes.inheritedNone} aria-hidden />;
  return inherited.value ? (
    <IconCheck size={18} className={classes.inheritedAllow} aria-hidden />
  ) : (
    <IconX size={18} className={classes.inheritedDeny} aria-hidden />
  );
}

interface PermissionCellProps {
  cell: CellView;
  keyLabel: string;
  permissionKey: string;
  action: PermissionAction;
  /** Roving focus: only the active cell is in the tab order. */
  tabbable: boolean;
  buttonRef: Ref<HTMLButtonElement>;
  onChange: (value: PermissionValue) => void;
  onCycle: () => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

/** One three-state toggle of the matrix: inherit (faded inherited value), allow, deny. */
export function PermissionCell({
  cell,
  keyLabel,
  permissionKey,
  action,
  tabbable,
  buttonRef,
  onChange,
  onCycle,
  onFocus,
  onKeyDown,
}: PermissionCellProps) {
  if (!cell.applicable) {
    return (
      <Tooltip label={cell.note} openDelay={300} withinPortal>
        <span className={classes.notApplicable} role="img" aria-label={`${keyLabel}, ${ACTION_LABELS[action]}: not applicable`}>
          —
        </span>
      </Tooltip>
    );
  }
  const word = stateWord(cell.value);
  const lockedInherited = cell.value === null && (cell.inherited?.locked || cell.lockedAbove);
  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const shortcut: Record<string, PermissionValue> = { a: true, d: false, i: null, Delete: null, Backspace: null };
    if (event.key in shortcut && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      if (cell.editable) onChange(shortcut[event.key] ?? null);
      return;
    }
    onKeyDown(event);
  };
  return (
    <Tooltip label={cell.note} openDelay={250} withinPortal multiline maw={280}>
      <UnstyledButton
        ref={buttonRef}
        className={classes.cell}
        data-state={STATE_ATTR[word]}
        data-changed={cell.changed}
        data-testid={`permission-${permissionKey}-${action}`}
        aria-label={`${keyLabel}, ${ACTION_LABELS[action]}: ${word}. ${cell.note}`}
        aria-disabled={!cell.editable}
        tabIndex={tabbable ? 0 : -1}
        onClick={() => {
          if (cell.editable) onCycle();
        }}
        onFocus={onFocus}
        onKeyDown={handleKeyDown}
      >
        {cell.value === null ? <InheritedIcon cell={cell} /> : <SetIcon value={cell.value} action={action} />}
        {lockedInherited && (
          <span className={classes.lockBadge} aria-hidden>
            <IconLock size={11} stroke={2.2} />
          </span>
        )}
      </UnstyledButton>
    </Tooltip>
  );
}
