// @vitest-environment jsdom
import '../../test/dom.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, TOKEN_STORAGE_KEY } from '../../api/auth-store.ts';
import { renderRoutes } from '../../test/render.tsx';
import { loginAnswer } from '../../test/users.ts';
import { SignInPage } from './SignInPage.tsx';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

function sentBody(call: number): unknown {
  return JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body));
}

function renderSignIn() {
  return renderRoutes(
    [
      { path: '/signin', element: <SignInPage /> },
      { path: '/', element: <p>Home screen</p> },
    ],
    '/signin',
  );
}

function fillCredentials() {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'chief@station1.org' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'correct-horse-1' } });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  authStore.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SignInPage', () => {
  it('asks for the Multi-Factor Auth Code when the server wants one, then signs in with it', async () => {
    answer(422, { message: 'The given data was invalid.', errors: { mfa_code: ['The mfa code field is required.'] } });
    answer(200, loginAnswer());
    const { router } = renderSignIn();

    fillCredentials();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const code = await screen.findByLabelText(/^Multi-Factor Auth Code/);
    expect(screen.queryByLabelText(/^Email/)).toBeNull();
    expect(screen.queryByText('The mfa code field is required.')).toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/login');
    expect(sentBody(0)).toEqual({ email: 'chief@station1.org', password: 'correct-horse-1' });

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Home screen');
    expect(sentBody(1)).toEqual({ email: 'chief@station1.org', password: 'correct-horse-1', mfa_code: '123456' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-1');
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows 422 messages under their fields', async () => {
    answer(422, { message: 'The given data was invalid.', errors: { email: ['These credentials do not match our records.'] } });
    renderSignIn();
    fillCredentials();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    expect(authStore.token()).toBeNull();
  });

  it('shows a red banner when sign-in is not available', async () => {
    answer(404, { message: 'Not found.' });
    renderSignIn();
    fillCredentials();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Sign-in is unavailable: Not found.');
  });

  it('checks the fields before calling the server', async () => {
    renderSignIn();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('The email field is required.')).toBeTruthy();
    expect(screen.getByText('The password field is required.')).toBeTruthy();
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
