// @vitest-environment jsdom
import '../../../test/dom.ts';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme.ts';
import { json, routeFetch } from '../../../test/fetch-mock.ts';
import { deviceInfo, PrintPagesDialog } from './PrintPagesDialog.tsx';

const PAGES = [
  { page: 1, label: 'Incident' },
  { page: 2, label: 'Location' },
];

function renderDialog() {
  const onClose = vi.fn();
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <PrintPagesDialog opened onClose={onClose} typeName="incident_report" id="r1" pages={PAGES} />
    </MantineProvider>,
  );
  return onClose;
}

let opened: { location: { href: string }; close: () => void };
beforeEach(() => {
  opened = { location: { href: '' }, close: vi.fn() };
  vi.stubGlobal(
    'open',
    vi.fn(() => opened),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Print Pages', () => {
  it('asks for the chosen pages (Appendix last) and opens the PDF the server answers', async () => {
    const { fetch, calls } = routeFetch({ 'POST /api/entity/incident_report/r1/print/': () => json(200, { url: '/files/report.pdf' }) });
    vi.stubGlobal('fetch', fetch);
    const onClose = renderDialog();
    expect((screen.getByRole('checkbox', { name: 'All Pages' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Location' }));
    expect((screen.getByRole('checkbox', { name: 'All Pages' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toMatchObject({ pages: [1, 'appendix'], deviceType: 'desktop' });
    expect(opened.location.href).toBe('/files/report.pdf');
  });

  it('says what went wrong when the report cannot be prepared', async () => {
    const { fetch } = routeFetch({ 'POST /api/entity/incident_report/r1/print/': () => json(500, { message: 'Server Error' }) });
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByText('An error occurred while preparing the report: Server Error')).toBeTruthy();
    expect(opened.close).toHaveBeenCalled();
  });

  it('reports the device it runs on', () => {
    expect(deviceInfo('Mozilla/5.0 (Linux; Android 14) Mobile')).toMatchObject({ deviceType: 'mobile', operatingSystem: 'Android' });
    expect(deviceInfo('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toMatchObject({ deviceType: 'desktop', operatingSystem: 'Windows' });
  });
});
