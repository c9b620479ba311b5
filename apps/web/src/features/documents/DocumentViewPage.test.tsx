// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { DocumentResource } from '@turnout/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { DocumentViewPage, viewerFor } from './DocumentViewPage.tsx';

const ID = '44444444-4444-4444-8444-444444444444';
const FILE = '55555555-5555-4555-8555-555555555555';

function documentOf(name: string, mime_type: string): DocumentResource {
  return {
    id: ID,
    name,
    folder_id: null,
    library: 'station',
    station_id: '11111111-1111-4111-8111-111111111111',
    is_handbook: false,
    file_id: FILE,
    url: `/api/files/${FILE}/content`,
    mime_type,
    size_bytes: 2048,
    created_at: '2026-11-01T08:00:00.000Z',
    created_by: { id: 'u1', display_name: 'Robin Records' },
  } as DocumentResource;
}

function open(doc: DocumentResource | null) {
  const routes = routeFetch({
    [`GET /api/documents/${ID}`]: () => (doc ? json(200, { data: doc }) : json(404, { message: 'The document is not available.' })),
    [`GET /api/files/${FILE}/content`]: () => new Response('x', { headers: { 'content-type': doc?.mime_type ?? 'text/plain' } }),
  });
  vi.stubGlobal('fetch', routes.fetch);
  return renderRoutes([{ path: '/documents/:id', element: <DocumentViewPage /> }], `/documents/${ID}`);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('[DOCUMENTS] the document view (spec 01 §2.3 DocumentView)', () => {
  it('picks the PDF viewer, a picture, the video player or a download by type', () => {
    expect(viewerFor('application/pdf')).toBe('pdf');
    expect(viewerFor('image/png')).toBe('image');
    expect(viewerFor('video/mp4')).toBe('video');
    expect(viewerFor('video/quicktime')).toBe('video');
    expect(viewerFor('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('download');
  });

  it('shows a picture from its bytes and offers a download', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:picture', revokeObjectURL: () => {} }));
    open(documentOf('Hose layout.png', 'image/png'));
    const picture = await screen.findByRole('img', { name: 'Hose layout.png' });
    await waitFor(() => expect(picture.getAttribute('src')).toBe('blob:picture'));
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  });

  it('offers any other type as a download only', async () => {
    open(documentOf('Roster.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'));
    expect(await screen.findByRole('heading', { name: 'Roster.docx' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open in PDF viewer' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByTestId('document-video')).toBeNull();
  });

  it('says File is not available. when the server answers 404', async () => {
    open(null);
    expect(await screen.findByText('File is not available.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'File unavailable' })).toBeTruthy();
  });
});
