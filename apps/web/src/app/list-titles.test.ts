// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../api/auth-store.ts';
import { firstPaintTitle, LIST_TITLES_KEY } from './first-paint-title.ts';
import { forgetListTitles, rememberListTitles } from './list-titles.ts';

const token = 'a-session-token-0123456789abcdef';
const titleNow = () => firstPaintTitle('/entity-list', '?type=hydrant', localStorage.getItem(LIST_TITLES_KEY), authStore.token());

describe("the session's list titles", () => {
  afterEach(() => {
    authStore.clear();
    localStorage.clear();
  });

  it('keeps what the first paint reads, for this session only', () => {
    authStore.setToken(token);
    rememberListTitles([
      { name: 'hydrant', label: 'Hydrant' },
      { name: 'station', label: 'Station' },
    ]);
    expect(titleNow()).toBe('Hydrant');
    authStore.setToken('the-next-session-token-fedcba987654');
    expect(titleNow()).toBeNull();
  });

  it('keeps nothing without a session, and forgets on request', () => {
    rememberListTitles([{ name: 'hydrant', label: 'Hydrant' }]);
    expect(localStorage.getItem(LIST_TITLES_KEY)).toBeNull();
    authStore.setToken(token);
    rememberListTitles([{ name: 'hydrant', label: 'Hydrant' }]);
    forgetListTitles();
    expect(titleNow()).toBeNull();
  });
});
