// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { Composer } from './Composer.tsx';

const renderComposer = (onSend: (body: string) => Promise<void>) =>
  renderRoutes([{ path: '/', element: <Composer onSend={onSend} /> }], '/');
const box = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' });

describe('Composer', () => {
  afterEach(cleanup);

  it('keeps Send disabled while the text is empty or blank', async () => {
    renderComposer(vi.fn());
    expect(sendButton()).toHaveProperty('disabled', true);
    fireEvent.change(box(), { target: { value: '   ' } });
    expect(sendButton()).toHaveProperty('disabled', true);
    fireEvent.change(box(), { target: { value: 'Engine 3 ready' } });
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  it('sends on Enter, not on Shift+Enter, and clears the text once sent', async () => {
    const onSend = vi.fn().mockResolvedValue(undefined);
    renderComposer(onSend);
    fireEvent.change(box(), { target: { value: 'Line one' } });
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Line one'));
    await waitFor(() => expect(box().value).toBe(''));
  });

  it('keeps the text and says so when sending fails; Send tries again', async () => {
    const onSend = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    renderComposer(onSend);
    fireEvent.change(box(), { target: { value: 'On my way' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText(/Message not sent/)).toBeTruthy();
    expect(box().value).toBe('On my way');
    fireEvent.click(sendButton());
    await waitFor(() => expect(box().value).toBe(''));
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(/Message not sent/)).toBeNull();
  });
});
