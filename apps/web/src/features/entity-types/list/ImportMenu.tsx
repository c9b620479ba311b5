import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileImport } from '@tabler/icons-react';
import { useRef } from 'react';
import type { ImportMode } from '../model/import.ts';
import { useImportType } from './use-import-type.tsx';

/** The web menu to import an entity type from a JSON file, as new or as updated (spec 03 §2). */
export function ImportMenu() {
  const input = useRef<HTMLInputElement>(null);
  const mode = useRef<ImportMode>('new');
  const importType = useImportType();
  const choose = (next: ImportMode) => {
    mode.current = next;
    if (input.current) {
      input.current.value = '';
      input.current.click();
    }
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        aria-label="Entity type JSON file"
        hidden
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void importType(file, mode.current);
        }}
      />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconFileImport size={16} />} rightSection={<IconChevronDown size={14} />}>
            Import
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => choose('new')}>Import as new entity type</Menu.Item>
          <Menu.Item onClick={() => choose('update')}>Import as updated entity type</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
