import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { reportErrorText } from '../../reports/report-error.ts';
import { type PrintPages, printRecord } from '../record-api.ts';

interface PrintPagesDialogProps {
  opened: boolean;
  onClose(): void;
  typeName: string;
  id: string;
  pages: { page: number; label: string }[];
}

/** The device the request comes from, as the print call reports it (spec 01 §7). */
export function deviceInfo(userAgent = navigator.userAgent) {
  const mobile = /Mobi|Android|iPhone|iPad/i.test(userAgent);
  const operatingSystem = /Windows/i.test(userAgent)
    ? 'Windows'
    : /Android/i.test(userAgent)
      ? 'Android'
      : /iPhone|iPad|iOS/i.test(userAgent)
        ? 'iOS'
        : /Mac OS X|Macintosh/i.test(userAgent)
          ? 'macOS'
          : /Linux/i.test(userAgent)
            ? 'Linux'
            : 'Unknown';
  return { userAgent, deviceType: mobile ? 'mobile' : 'desktop', operatingSystem };
}

/** Print Pages: All Pages, each page, and a final Appendix; the server renders the PDF and answers its url. */
export function PrintPagesDialog({ opened, onClose, typeName, id, pages }: PrintPagesDialogProps) {
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<(number | 'appendix')[]>([]);
  const [busy, setBusy] = useState(false);
  const toggle = (item: number | 'appendix', on: boolean) => {
    const base: (number | 'appendix')[] = all ? [...pages.map((p) => p.page), 'appendix'] : chosen;
    setAll(false);
    setChosen(on ? [...base.filter((p) => p !== item), item] : base.filter((p) => p !== item));
  };
  const print = async () => {
    setBusy(true);
    // Opened now, while the click still counts as the person's: a window opened after the await would be blocked.
    const target = window.open('', '_blank');
    try {
      const order = (p: number | 'appendix') => (p === 'appendix' ? Number.MAX_SAFE_INTEGER : p);
      const selection: PrintPages = all ? 'all' : [...chosen].sort((a, b) => order(a) - order(b));
      const { url } = await printRecord(typeName, id, { ...deviceInfo(), pages: selection });
      if (target) target.location.href = url;
      else window.open(url, '_blank');
      onClose();
    } catch (error) {
      target?.close();
      notifications.show({ color: 'red', message: reportErrorText(error), autoClose: 10_000 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={onClose} title="Print Pages" centered>
      <Stack gap="xs">
        <Checkbox
          label="All Pages"
          checked={all}
          onChange={(e) => {
            setAll(e.currentTarget.checked);
            if (e.currentTarget.checked) setChosen([]);
          }}
        />
        {pages.map(({ page, label }) => (
          <Checkbox
            key={page}
            label={label}
            checked={all || chosen.includes(page)}
            onChange={(e) => toggle(page, e.currentTarget.checked)}
          />
        ))}
        <Checkbox
          label="Appendix"
          checked={all || chosen.includes('appendix')}
          onChange={(e) => toggle('appendix', e.currentTarget.checked)}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void print()} loading={busy} disabled={!all && chosen.length === 0}>
            Print
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
