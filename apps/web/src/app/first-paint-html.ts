// No imports from the shared index: vite.config.ts loads this file while it starts.
import { FOOTER_TEXT } from '../../../../packages/shared/src/environment.ts';
import { firstPaintTitle, LIST_TITLES_KEY } from './first-paint-title.ts';

/** Where Mantine's useLocalStorage keeps the desktop drawer's collapsed state (app/shell/Shell.tsx). */
export const DRAWER_COLLAPSED_KEY = 'turnout.drawer-collapsed';

/**
 * FirstPaint (first-paint.tsx) as HTML, written into index.html's #root at build (no children:
 * the page does not know yet who is there). first-paint.test.tsx checks the two are the same.
 */
export function firstPaintHtml(): string {
  return `<div class="first-paint"><main class="first-paint-main"><div class="first-paint-spinner"></div></main><footer class="app-footer">${FOOTER_TEXT}</footer></div>`;
}

/**
 * The script index.html runs right after #root, before the page first paints: a list opened
 * again in the same session gets its title in that frame, where its header will put it
 * (first-paint-title.ts). FirstPaint draws the same element when React takes #root over.
 */
export function firstPaintTitleScript(): string {
  return `try {
const title = (${firstPaintTitle.toString()})(location.pathname, location.search, localStorage.getItem(${JSON.stringify(LIST_TITLES_KEY)}), localStorage.getItem('turnout.token'));
const main = title && document.querySelector('#root .first-paint-main');
if (main) {
  const h1 = document.createElement('h1');
  h1.className = 'first-paint-title';
  if (localStorage.getItem(${JSON.stringify(DRAWER_COLLAPSED_KEY)}) === 'true') h1.dataset.collapsed = '';
  h1.textContent = title;
  main.prepend(h1);
}
} catch {
  // No storage (private mode, disabled): the frame shows no title.
}`;
}
