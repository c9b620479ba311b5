// No imports from the shared index: vite.config.ts loads this file while it starts.
import { FOOTER_TEXT } from '../../../../packages/shared/src/environment.ts';

/**
 * FirstPaint (first-paint.tsx) as HTML, written into index.html's #root at build (no children:
 * the page does not know yet who is there). first-paint.test.tsx checks the two are the same.
 */
export function firstPaintHtml(): string {
  return `<div class="first-paint"><main class="first-paint-main"><div class="first-paint-spinner"></div></main><footer class="app-footer">${FOOTER_TEXT}</footer></div>`;
}
