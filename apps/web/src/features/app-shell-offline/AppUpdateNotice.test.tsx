// @vitest-environment jsdom
import '../../test/dom.ts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { AppUpdateNotice } from './AppUpdateNotice.tsx';
import { appUpdate } from './app-update.ts';
import { useReportUnsavedInput } from './unsaved-input.ts';

/** A form that reports its dirty state, as the record screen does. */
function Form({ dirty }: { dirty: boolean }) {
  useReportUnsavedInput(dirty);
  return <p>Form</p>;
}

function renderWith(dirty: boolean) {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <AppUpdateNotice />
            <Form dirty={dirty} />
          </>
        ),
      },
    ],
    '/',
  );
}

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  cleanup();
  setVisibility('visible');
});

describe('the update prompt (a new service worker version waits)', () => {
  it('prompts, and neither Reload nor going to the background applies it while a form has unsaved input', async () => {
    const view = renderWith(true);
    const apply = vi.fn(async () => undefined);
    act(() => appUpdate.offer(apply));
    expect(await screen.findByText('A new version is available')).toBeTruthy();
    expect(screen.getByText('Save or discard your changes first; then reload to use it.')).toBeTruthy();
    const reload = screen.getByRole('button', { name: 'Reload' });
    expect((reload as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(reload);
    act(() => setVisibility('hidden'));
    expect(apply).not.toHaveBeenCalled();

    // The input is saved (the form is clean): the prompt offers Reload, and the background applies it.
    act(() => setVisibility('visible'));
    view.unmount();
    renderWith(false);
    act(() => appUpdate.offer(apply));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Reload' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('Reload to use it. Nothing you saved is lost.')).toBeTruthy();
    act(() => setVisibility('hidden'));
    expect(apply).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(apply).toHaveBeenCalledTimes(2));
  });
});
