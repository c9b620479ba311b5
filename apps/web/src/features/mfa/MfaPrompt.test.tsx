// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CurrentUser } from '@turnout/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, routeFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { makeUser } from '../../test/users.ts';
import { CurrentUserProvider } from '../identity/current-user.tsx';
import { MfaPrompt } from './MfaPrompt.tsx';
import { localDate } from './mfa-rules.ts';

const KEY = 'JBSWY3DPEHPK3PXP';

function dateFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localDate(date);
}

function renderPrompt(user: CurrentUser) {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <CurrentUserProvider user={user}>
            <MfaPrompt />
          </CurrentUserProvider>
        ),
      },
      { path: '/signin', element: <p>Sign-in screen</p> },
    ],
    '/',
  );
}

let routes: ReturnType<typeof routeFetch>;

beforeEach(() => {
  sessionStorage.clear();
  routes = routeFetch({
    'GET /api/user/enrol-mfa': () => json(200, { data: { qr_code_image: 'data:image/png;base64,iVBORw0KGgo=', key: KEY } }),
    'POST /api/user/finish-mfa': (_url, body) =>
      (body as { code: string }).code === '123456'
        ? json(200, { data: makeUser({ mfa_enrol_by: dateFromToday(7), mfa_enrolled_at: new Date().toISOString() }) })
        : json(422, {
            message: 'The given data was invalid.',
            errors: { code: ['The Multi-Factor Auth Code is invalid or has already been used.'] },
          }),
  });
  vi.stubGlobal('fetch', routes.fetch);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => undefined) }, configurable: true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MFA enrolment after sign-in (spec 01 §4)', () => {
  it('does not appear without an enrol-by date', () => {
    renderPrompt(makeUser());
    expect(screen.queryByText('Set up Multi-Factor Authentication')).toBeNull();
  });

  it('walks intro → QR code and key (copy) → code → thanks, Finish enabled only at 6 characters', async () => {
    renderPrompt(makeUser({ mfa_enrol_by: dateFromToday(7) }));
    expect(await screen.findByText('Set up Multi-Factor Authentication')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }));

    expect(await screen.findByAltText('QR code for your authenticator app')).toBeTruthy();
    expect(screen.getByText(KEY)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await screen.findByText('Copied.')).toBeTruthy();
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(KEY);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    const code = screen.getByLabelText('Code');
    const finish = screen.getByRole('button', { name: 'Finish' }) as HTMLButtonElement;
    fireEvent.change(code, { target: { value: '12345' } });
    expect(finish.disabled).toBe(true);
    fireEvent.change(code, { target: { value: '654321' } });
    expect(finish.disabled).toBe(false);
    fireEvent.click(finish);
    expect(await screen.findByText('The Multi-Factor Auth Code is invalid or has already been used.')).toBeTruthy();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Thank you')).toBeTruthy();
    expect(routes.calls.at(-1)).toMatchObject({ method: 'POST', body: { code: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Thank you')).toBeNull());
  });

  it("offers 'Skip for now' before the enrol-by date, and stays dismissed for the session", async () => {
    const user = makeUser({ mfa_enrol_by: dateFromToday(3) });
    renderPrompt(user);
    fireEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(screen.queryByText('Set up Multi-Factor Authentication')).toBeNull());
    cleanup();
    renderPrompt(user);
    expect(screen.queryByText('Set up Multi-Factor Authentication')).toBeNull();
  });

  it('is mandatory from the enrol-by date: no skip, no close, but a way to sign out', async () => {
    sessionStorage.setItem('turnout.mfa-prompt-dismissed', 'u-firefighter');
    renderPrompt(makeUser({ mfa_enrol_by: dateFromToday(0) }));
    expect(await screen.findByText('Set up Multi-Factor Authentication')).toBeTruthy();
    expect(screen.getByText('Your department requires multi-factor authentication for your account.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skip for now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.getByText('Set up Multi-Factor Authentication')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });
});
