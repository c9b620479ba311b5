// @vitest-environment jsdom
import '../test/dom.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../test/fetch-mock.ts';
import { acceptanceText, toggleAcceptance } from './common/acceptance.ts';
import { associatedHref, saveBeforeViewingText } from './common/associated.tsx';
import { mustSaveFirstText } from './common/define.tsx';
import { mediaKind } from './common/files.ts';
import { isAllowedLink, resolveLink } from './common/links.ts';
import { baseRecord, renderField } from './common/test-render.tsx';
import { canPull } from './custom-functionality.tsx';
import { canAddFile } from './single-file.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const file = { id: 'f1', original_name: 'scene.png', url: '/api/files/f1/content' };

describe('single-file', () => {
  it('hides the add button once a file is attached unless allowMultipleUploads', () => {
    expect(canAddFile({}, 0)).toBe(true);
    expect(canAddFile({}, 1)).toBe(false);
    expect(canAddFile({ allowMultipleUploads: true }, 3)).toBe(true);
    renderField({ property: 'p', title: 'Photos', type: 'single-file' }, { value: [file] });
    expect(screen.queryByRole('button', { name: 'Add File' })).toBeNull();
    cleanup();
    renderField({ property: 'p', title: 'Photos', type: 'single-file', params: { allowMultipleUploads: true } }, { value: [file] });
    expect(screen.getByRole('button', { name: 'Add File' })).toBeTruthy();
  });

  it('asks Detach file? before removing one', async () => {
    const { changes } = renderField(
      { property: 'p', title: 'Photos', type: 'single-file' },
      { value: [{ ...file, original_name: 'notes.txt' }] },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Detach' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detach file?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Detach' }));
    expect(changes).toEqual([null]);
  });

  it('Select Source offers My Device and From Media Library (Camera on phones only)', async () => {
    renderField({ property: 'p', title: 'Photos', type: 'single-file' });
    fireEvent.click(screen.getByRole('button', { name: 'Add File' }));
    await screen.findByRole('dialog', { name: 'Select Source' });
    expect(screen.getByRole('button', { name: 'My Device' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'From Media Library' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Camera' })).toBeNull();
  });

  it('uploads to POST /files and says An error occurred: {message} on failure', async () => {
    const { fetch, calls } = routeFetch({ 'POST /api/files': () => json(413, { message: 'The file is too large.' }) });
    vi.stubGlobal('fetch', fetch);
    const { container } = renderField({ property: 'p', title: 'Photos', type: 'single-file' }, { record: { entityId: 'e1' } });
    const input = container.querySelector('input[type="file"]:not([capture])') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'big.png', { type: 'image/png' })] } });
    expect(await screen.findByText('An error occurred: The file is too large.')).toBeTruthy();
    expect(calls[0]!.method).toBe('POST');
  });

  it('knows images, mp4/quicktime video and PDFs by name', () => {
    expect(mediaKind({ original_name: 'a.JPG' })).toBe('image');
    expect(mediaKind({ original_name: 'clip.mov' })).toBe('video');
    expect(mediaKind({ original_name: 'clip.mp4' })).toBe('video');
    expect(mediaKind({ original_name: 'report.pdf' })).toBe('pdf');
    expect(mediaKind({ original_name: 'sheet.xlsx' })).toBe('other');
  });
});

describe('signature pad', () => {
  it('shows the pad only while no signature exists', () => {
    renderField({ property: 's', title: 'Signature', type: 'signature-pad' });
    expect(screen.getByText('Sign Below')).toBeTruthy();
    expect(screen.getByText('SIGN HERE')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save Signature' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderField({ property: 's', title: 'Signature', type: 'signature-pad' }, { value: 'data:image/png;base64,AAAA' });
    expect(screen.queryByText('SIGN HERE')).toBeNull();
    expect(screen.getByRole('img', { name: 'Signature signature' })).toBeTruthy();
    cleanup();
    renderField({ property: 's', title: 'Signature', type: 'signature-pad' }, { editable: false });
    expect(screen.getByText('No signature added yet.')).toBeTruthy();
  });
});

describe('terms and conditions', () => {
  const user = { id: 'u1', personnelId: 'p1', name: 'Frankie Firefighter', isGlobalAdmin: false };
  const at = new Date('2026-11-21T20:04:00Z');

  it('I Accept toggles checked and clears decline; I Decline the other way; both stamp who and when', () => {
    const accepted = toggleAcceptance(null, 'accept', user, at, 'America/Chicago')!;
    expect(accepted).toMatchObject({
      checked: true,
      checkedBy: 'p1',
      checkedByName: 'Frankie Firefighter',
      declineChecked: false,
      checkedAt: at.toISOString(),
    });
    expect(acceptanceText(accepted, 'America/Chicago')).toBe('Agreed by Frankie Firefighter at 2026-11-21 2:04 PM');
    const declined = toggleAcceptance(accepted, 'decline', user, at, 'America/Chicago')!;
    expect(declined).toMatchObject({ checked: false, declineChecked: true, declinedBy: 'p1', declinedByName: 'Frankie Firefighter' });
    expect(acceptanceText(declined, 'America/Chicago')).toBe('Declined by Frankie Firefighter at 2026-11-21 2:04 PM');
    expect(toggleAcceptance(declined, 'decline', user, at)).toBeNull();
  });

  it('the editor stamps with the signed-in user', () => {
    const { changes } = renderField({
      property: 't',
      title: 'Release',
      type: 'terms-and-conditions',
      params: { termsText: '<p>Terms</p>' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I Accept' }));
    expect(changes[0]).toMatchObject({ checked: true, checkedByName: 'Frankie Firefighter' });
    expect(screen.getByText(/^Agreed by Frankie Firefighter at \d{4}-\d{2}-\d{2} /)).toBeTruthy();
  });
});

describe('links and buttons', () => {
  const record = baseRecord({ entityId: 'e1', values: { website: 'https://example.org', bad: 'javascript:alert(1)' } });
  const link = (params: Record<string, unknown>) => resolveLink({ property: 'l', title: 'Go', type: 'field-link-to', params }, record);

  it('reach every target of spec 02 §2; paths must start with / or http', () => {
    expect(isAllowedLink('/entity/x')).toBe(true);
    expect(isAllowedLink('https://a.b')).toBe(true);
    expect(isAllowedLink('//evil.example')).toBe(false);
    expect(isAllowedLink('javascript:alert(1)')).toBe(false);
    expect(link({ navigate_to: 'url', url: 'https://example.org' })).toEqual({ kind: 'href', href: 'https://example.org', external: true });
    expect(link({ navigate_to: 'url', url: 'ftp://x' }).kind).toBe('unavailable');
    expect(link({ navigate_to: 'create-entity', linkToType: 'hydrant' })).toMatchObject({ href: '/entity/add?type=hydrant' });
    expect(link({ navigate_to: 'entity-list', linkToType: 'hydrant' })).toMatchObject({ href: '/entity-list/?type=hydrant' });
    expect(link({ navigate_to: 'current-timesheet' }).kind).toBe('deferred');
    expect(link({ navigate_to: 'current-handbook' }).kind).toBe('deferred');
    expect(link({ navigate_to: 'tenant-file', clientFieldFile: { id: 'f1', url: '/api/files/f1/content' } }).kind).toBe('deferred');
    expect(link({ navigate_to: 'tenant-file', clientFieldFile: { url: '/api/files/f1/content' } })).toMatchObject({
      href: '/pdfjs/web/viewer.html?file=%2Fapi%2Ffiles%2Ff1%2Fcontent',
    });
    expect(link({ navigate_to: 'report', reportSource: 'r1' }).kind).toBe('deferred');
    expect(link({ navigate_to: 'field-value', targetEntityField: 'website' })).toMatchObject({ href: 'https://example.org' });
    expect(link({ navigate_to: 'field-value', targetEntityField: 'bad' }).kind).toBe('unavailable');
  });

  it('the current time sheet is found among the person’s sheets or added for this week', async () => {
    const { fetch } = routeFetch({ 'GET /api/entity/time_sheet': () => json(200, { data: [], meta: { current_page: 1, last_page: 1 } }) });
    vi.stubGlobal('fetch', fetch);
    const r = link({ navigate_to: 'current-timesheet' });
    if (r.kind !== 'deferred') throw new Error('deferred expected');
    expect(await r.resolve()).toMatch(/^\/entity\/add\?type=time_sheet&field\.week_start=\d{4}-\d{2}-\d{2}$/);
  });

  it('the current handbook says Handbook is not available. when there is none', async () => {
    const { fetch } = routeFetch({});
    vi.stubGlobal('fetch', fetch);
    const r = link({ navigate_to: 'current-handbook' });
    if (r.kind !== 'deferred') throw new Error('deferred expected');
    await expect(r.resolve()).rejects.toThrow('Handbook is not available.');
  });

  it('the current handbook opens GET /handbook’s document; without a tenant it says to select one', async () => {
    vi.stubGlobal('fetch', routeFetch({ 'GET /api/handbook': () => json(200, { data: { id: 'd1' } }) }).fetch);
    const r = link({ navigate_to: 'current-handbook' });
    if (r.kind !== 'deferred') throw new Error('deferred expected');
    expect(await r.resolve()).toBe('/documents/d1');
    vi.stubGlobal('fetch', routeFetch({ 'GET /api/handbook': () => json(403, { message: 'Tenant must be selected first' }) }).fetch);
    await expect(r.resolve()).rejects.toMatchObject({ title: 'Select a tenant', message: 'Tenant must be selected first' });
  });

  it('a tenant file is checked with GET /tenant/file/{id}: File is not available. when it is not', async () => {
    vi.stubGlobal(
      'fetch',
      routeFetch({ 'GET /api/tenant/file/f1': () => json(200, { data: { id: 'f1', url: '/api/files/f1/content' } }) }).fetch,
    );
    const ok = link({ navigate_to: 'tenant-file', clientFieldFile: { id: 'f1' } });
    if (ok.kind !== 'deferred') throw new Error('deferred expected');
    expect(await ok.resolve()).toBe('/pdfjs/web/viewer.html?file=%2Fapi%2Ffiles%2Ff1%2Fcontent');
    vi.stubGlobal('fetch', routeFetch({ 'GET /api/tenant/file/f1': () => json(404, { message: 'File is not available.' }) }).fetch);
    await expect(ok.resolve()).rejects.toMatchObject({ title: 'File unavailable', message: 'File is not available.' });
  });
});

describe('associated records, approval, custom functionality, mustSaveFirst', () => {
  it('view lists ask to save first in add mode, then link to the associated records', () => {
    expect(saveBeforeViewingText('Incident Report', 'Tasks')).toBe('Please save the Incident Report before viewing associated Tasks.');
    renderField(
      { property: 'v', title: 'Tasks', type: 'view-list', params: { entityTypeTarget: 'task', targetEntityField: 'incident' } },
      { mode: 'add' },
    );
    expect(screen.getByText('Please save the Incident Report before viewing associated Tasks.')).toBeTruthy();
    cleanup();
    renderField(
      { property: 'v', title: 'Tasks', type: 'view-list', params: { entityTypeTarget: 'task', targetEntityField: 'incident' } },
      { record: { entityId: 'e1' } },
    );
    expect(screen.getByRole('link', { name: 'View associated records' }).getAttribute('href')).toBe(
      associatedHref('task', 'incident_report', 'incident', 'e1'),
    );
    expect(associatedHref('task', 'incident_report', 'incident', 'e1')).toBe(
      `/entity-list/?type=task&sourceName=incident_report&filter=${encodeURIComponent('{"incident":"e1"}')}`,
    );
  });

  it('mustSaveFirst shows its notice in add mode', () => {
    expect(mustSaveFirstText('Incident Report', 'Pull')).toBe('Please save the Incident Report first before setting Pull.');
    renderField(
      {
        property: 'c',
        title: 'Pull',
        type: 'custom-functionality',
        params: { mustSaveFirst: true, customFunctionalityType: 'random-entity-pull' },
      },
      { mode: 'add' },
    );
    expect(screen.getByText('Please save the Incident Report first before setting Pull.')).toBeTruthy();
  });

  it('random pull: Pull only for a number while not pulling, locked for non global admins', async () => {
    expect(canPull('', false)).toBe(false);
    expect(canPull('abc', false)).toBe(false);
    expect(canPull(3, true)).toBe(false);
    expect(canPull(3, false)).toBe(true);
    renderField(
      { property: 'c', title: 'Questions', type: 'custom-functionality', params: { customFunctionalityType: 'random-entity-pull' } },
      { record: { entityId: 'e1' } },
    );
    expect((screen.getByRole('textbox', { name: 'Count' }) as HTMLInputElement).disabled).toBe(true);
    cleanup();
    const { fetch, calls } = routeFetch({ 'POST /api/entity/incident_report/e1/pull/questions': () => json(200, { data: {} }) });
    vi.stubGlobal('fetch', fetch);
    const reload = vi.fn();
    renderField(
      {
        property: 'questions',
        title: 'Questions',
        type: 'custom-functionality',
        params: { customFunctionalityType: 'random-entity-pull' },
      },
      { record: { entityId: 'e1', reload, user: { id: 'a', name: 'Avery Admin', isGlobalAdmin: true } } },
    );
    const pull = screen.getByRole('button', { name: 'Pull' }) as HTMLButtonElement;
    expect(pull.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Count' }), { target: { value: '3' } });
    fireEvent.click(pull);
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(calls[0]!.body).toEqual({ count: 3 });
  });

  it('activation status: signed in before, or Resend Welcome Email', async () => {
    const field = {
      property: 'a',
      title: 'Activation',
      type: 'custom-functionality',
      params: { customFunctionalityType: 'activation-status' },
    };
    renderField(field, { value: 'verified' });
    expect(screen.getByText('User has previously signed in.')).toBeTruthy();
    cleanup();
    const { fetch, calls } = routeFetch({ 'POST /api/user/resend-welcome': () => json(200, { message: 'sent' }) });
    vi.stubGlobal('fetch', fetch);
    renderField(field, { record: { entityId: 'p1', values: { email_address: 'new@riverside.example' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Resend Welcome Email' }));
    expect(await screen.findByText('Resent welcome email successfully.')).toBeTruthy();
    expect(calls[0]!.body).toEqual({ email: 'new@riverside.example' });
  });

  it('approval-required: Approve saves at once and says Item approved.', async () => {
    const save = vi.fn(async () => undefined);
    const { changes } = renderField(
      { property: 'ok', title: 'Approval', type: 'approval-required' },
      { value: { value: false }, record: { save } },
    );
    expect(screen.getByText('Item is not approved.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Item approved.')).toBeTruthy();
    expect(save).toHaveBeenCalledWith({ ok: changes[0] });
    expect(changes[0]).toMatchObject({ value: true });
    expect(screen.getByText(/^Item is approved\./)).toBeTruthy();
  });

  it('lat-lng shows the ranges as labels only', () => {
    renderField({ property: 'g', title: 'Location', type: 'lat-lng' });
    expect(screen.getByRole('textbox', { name: 'Latitude -90 to 90' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Longitude -180 to 180' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use my location' })).toBeTruthy();
  });
});
