// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { FirstPaint } from './first-paint.tsx';
import { DRAWER_COLLAPSED_KEY, firstPaintHtml, firstPaintTitleScript } from './first-paint-html.ts';
import { LIST_TITLES_KEY } from './first-paint-title.ts';

const token = 'token-of-this-session-0123456789';

/** index.html's #root after its script ran, at `url`. */
function pageAfterScript(url: string): string {
  window.history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root">${firstPaintHtml()}</div>`;
  new Function(firstPaintTitleScript())();
  return document.getElementById('root')!.innerHTML;
}

describe("index.html's first-paint title script", () => {
  afterEach(() => localStorage.clear());

  it("gets a list's title from index.html's script as React draws it", () => {
    localStorage.setItem('turnout.token', token);
    localStorage.setItem(LIST_TITLES_KEY, JSON.stringify({ session: token.slice(-12), titles: { hydrant: 'Hydrants <b>&' } }));
    expect(pageAfterScript('/entity-list?type=hydrant')).toBe(renderToStaticMarkup(<FirstPaint title="Hydrants <b>&" />));
    expect(pageAfterScript('/entity-list?type=hydrant')).toContain('<h1 class="first-paint-title">Hydrants &lt;b&gt;&amp;</h1>');
    localStorage.setItem(DRAWER_COLLAPSED_KEY, 'true');
    expect(pageAfterScript('/entity-list?type=hydrant')).toBe(renderToStaticMarkup(<FirstPaint title="Hydrants <b>&" drawerCollapsed />));
  });

  it('leaves the frame as it is for another screen or another session', () => {
    localStorage.setItem('turnout.token', token);
    localStorage.setItem(LIST_TITLES_KEY, JSON.stringify({ session: 'someone-else', titles: { hydrant: 'Hydrants' } }));
    expect(pageAfterScript('/entity-list?type=hydrant')).toBe(firstPaintHtml());
    localStorage.setItem(LIST_TITLES_KEY, JSON.stringify({ session: token.slice(-12), titles: { hydrant: 'Hydrants' } }));
    expect(pageAfterScript('/')).toBe(firstPaintHtml());
  });
});
