// @vitest-environment jsdom
import '../../test/dom.ts';
import { Button, MantineProvider, Modal } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme.ts';
import { lazyDialog } from './lazy-dialog.tsx';

function Greeting({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Greeting" closeButtonProps={{ 'aria-label': 'Close' }}>
      Hello
    </Modal>
  );
}

afterEach(cleanup);

describe('lazyDialog', () => {
  it('loads the dialog the first time it opens, keeps it after, and gives focus back to the opener on close', async () => {
    const load = vi.fn(async () => Greeting);
    const LazyGreeting = lazyDialog(load);
    function Page() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <Button onClick={() => setOpened(true)}>Greet</Button>
          <LazyGreeting opened={opened} onClose={() => setOpened(false)} />
        </>
      );
    }
    render(
      <MantineProvider theme={theme} env="test">
        <Page />
      </MantineProvider>,
    );
    expect(load).not.toHaveBeenCalled();
    const opener = screen.getByRole('button', { name: 'Greet' });
    opener.focus();
    fireEvent.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Greeting' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
    fireEvent.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Greeting' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
