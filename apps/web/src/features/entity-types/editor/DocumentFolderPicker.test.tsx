// @vitest-environment jsdom
import '../../../test/dom.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { DocumentFolder } from '@turnout/shared';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme.ts';
import { json, routeFetch } from '../../../test/fetch-mock.ts';
import { DOCUMENT_FOLDER_GONE, DocumentFolderPicker, folderPaths } from './DocumentFolderPicker.tsx';

const STATION = '11111111-1111-4111-8111-111111111111';
const folderRow = (id: string, folder_name: string, parent_folder: string | null = null): DocumentFolder => ({
  id,
  folder_name,
  parent_folder,
  library: 'station',
  station_id: STATION,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
});
const MANUALS = '22222222-2222-4222-8222-222222222222';
const ENGINES = '33333333-3333-4333-8333-333333333333';

function Harness({ initial, spy, error }: { initial: string | null; spy: (v: string | null) => void; error?: string }) {
  const [value, setValue] = useState(initial);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} env="test">
        <DocumentFolderPicker
          value={value}
          readOnly={false}
          error={error}
          onChange={(next) => {
            spy(next);
            setValue(next);
          }}
        />
      </MantineProvider>
    </QueryClientProvider>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("[ENTITY TYPES] the type's document folder", () => {
  it('names folders by their path inside the station', () => {
    expect(folderPaths([folderRow(ENGINES, 'Engines', MANUALS), folderRow(MANUALS, 'Manuals')])).toEqual([
      { value: MANUALS, label: 'Manuals' },
      { value: ENGINES, label: 'Manuals / Engines' },
    ]);
  });

  it("offers each station's folders, stores the chosen folder id and shows the server's message", async () => {
    const routes = routeFetch({
      'GET /api/documents/stations': () => json(200, { data: [{ id: STATION, display_name: 'Station 1' }] }),
      'GET /api/document-folders/tree': () => json(200, { data: [folderRow(MANUALS, 'Manuals'), folderRow(ENGINES, 'Engines', MANUALS)] }),
    });
    vi.stubGlobal('fetch', routes.fetch);
    const spy = vi.fn();
    render(<Harness initial={null} spy={spy} error="The document folder must be a station folder of this tenant." />);
    const input = screen.getByRole('combobox', { name: 'Document folder' });
    await waitFor(() => expect(input.getAttribute('placeholder')).toBe('None'));
    expect(routes.calls.find((c) => c.url.pathname === '/api/document-folders/tree')?.url.searchParams.get('station_id')).toBe(STATION);
    fireEvent.click(input);
    expect(await screen.findByText('Station 1')).toBeTruthy();
    fireEvent.click(await screen.findByRole('option', { name: 'Manuals / Engines' }));
    expect(spy).toHaveBeenLastCalledWith(ENGINES);
    expect((input as HTMLInputElement).value).toBe('Manuals / Engines');
    expect(screen.getByText('The document folder must be a station folder of this tenant.')).toBeTruthy();
  });

  it('shows a folder that is gone as such so it can be cleared', async () => {
    vi.stubGlobal(
      'fetch',
      routeFetch({
        'GET /api/documents/stations': () => json(200, { data: [{ id: STATION, display_name: 'Station 1' }] }),
        'GET /api/document-folders/tree': () => json(200, { data: [folderRow(MANUALS, 'Manuals')] }),
      }).fetch,
    );
    render(<Harness initial={ENGINES} spy={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Document folder' }) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe(DOCUMENT_FOLDER_GONE));
  });
});
