// @vitest-environment jsdom
import '../../../test/dom.ts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInTheme } from '../../../test/render.tsx';
import { QueuedUpdatesBanner } from './QueuedUpdatesBanner.tsx';
import { UnsavedDraftsBanner } from './UnsavedDraftsBanner.tsx';

afterEach(cleanup);

describe('list banners', () => {
  it('show nothing without data', () => {
    const { container } = renderInTheme(
      <>
        <QueuedUpdatesBanner count={0} onUploadNow={vi.fn()} onDiscard={vi.fn()} />
        <UnsavedDraftsBanner drafts={[]} onContinue={vi.fn()} onDiscard={vi.fn()} />
      </>,
    );
    expect(container.querySelector('[role="status"], .mantine-Alert-root')).toBeNull();
  });

  it('word the queue and the drafts as the spec does', () => {
    const upload = vi.fn();
    const discard = vi.fn();
    renderInTheme(
      <>
        <QueuedUpdatesBanner count={3} onUploadNow={upload} onDiscard={vi.fn()} />
        <UnsavedDraftsBanner drafts={[{ id: 'd1', typeLabel: 'Incident Report' }]} onContinue={vi.fn()} onDiscard={discard} />
      </>,
    );
    expect(screen.getByText('3 updates are queued.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload now' }));
    expect(upload).toHaveBeenCalled();
    expect(screen.getByText('Continue unsaved Incident Report')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard unsaved Incident Report' }));
    expect(discard).toHaveBeenCalledWith('d1');
  });
});
