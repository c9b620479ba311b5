// @vitest-environment jsdom
import '../../../test/dom.ts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme.ts';
import { json, routeFetch } from '../../../test/fetch-mock.ts';
import { BACKGROUND_PDF_ONLY, type BackgroundDocument, BackgroundDocumentInput, NO_BACKGROUND } from './BackgroundDocumentInput.tsx';

const FILE_ID = '8b7a1f0e-2d7c-4f7e-9b1a-6c3d2e1f0a9b';

function Harness({ initial, spy }: { initial: BackgroundDocument | null; spy: (v: BackgroundDocument | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider theme={theme} env="test">
      <BackgroundDocumentInput
        reportName="Cover sheet"
        value={value}
        readOnly={false}
        onChange={(next) => {
          spy(next);
          setValue(next);
        }}
      />
    </MantineProvider>
  );
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('[ENTITY TYPES] report background PDF upload', () => {
  it('uploads the PDF through POST /files and stores the file reference in the report', async () => {
    const routes = routeFetch({
      'POST /api/files': () =>
        json(201, {
          data: { id: FILE_ID, url: `/api/files/${FILE_ID}/content`, original_name: 'cover.pdf', mime_type: 'application/pdf' },
        }),
    });
    vi.stubGlobal('fetch', routes.fetch);
    const spy = vi.fn();
    render(<Harness initial={null} spy={spy} />);
    expect(screen.getByTestId('background-document').textContent).toBe(NO_BACKGROUND);
    fireEvent.change(fileInput(), { target: { files: [new File(['%PDF-1.7'], 'cover.pdf', { type: 'application/pdf' })] } });
    await waitFor(() =>
      expect(spy).toHaveBeenCalledWith({ value: FILE_ID, path: `/api/files/${FILE_ID}/content`, original_name: 'cover.pdf' }),
    );
    expect(screen.getByTestId('background-document').textContent).toBe('cover.pdf');
    const init = routes.fetch.mock.calls[0]?.[1];
    expect(init?.body).toBeInstanceOf(FormData);
    expect(((init as RequestInit).body as FormData).get('file')).toHaveProperty('name', 'cover.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Remove background PDF of Cover sheet' }));
    expect(spy).toHaveBeenLastCalledWith(null);
  });

  it('refuses a file that is not a PDF, and shows the server’s message when the upload fails', async () => {
    const routes = routeFetch({
      'POST /api/files': () => json(422, { message: 'The given data was invalid.', errors: { file: ['The file type is not allowed.'] } }),
    });
    vi.stubGlobal('fetch', routes.fetch);
    const spy = vi.fn();
    render(<Harness initial={null} spy={spy} />);
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(BACKGROUND_PDF_ONLY);
    expect(routes.fetch).not.toHaveBeenCalled();
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'fake.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('An error occurred: The file type is not allowed.'));
    expect(spy).not.toHaveBeenCalled();
  });
});
