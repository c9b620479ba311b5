/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FirstPaint } from './first-paint.tsx';
import { firstPaintHtml } from './first-paint-html.ts';
import { FONT_FAMILY } from './theme.ts';

describe('the first paint', () => {
  it('is in index.html as React draws it, so taking #root over moves nothing', () => {
    expect(renderToStaticMarkup(<FirstPaint />)).toBe(firstPaintHtml());
  });

  it("draws the footer and a list's title in the theme's font, which Mantine sets only once React runs", () => {
    const css = readFileSync(new URL('./first-paint.css', import.meta.url), 'utf8').replace(/'/g, '"');
    expect(css.split(`font-family: ${FONT_FAMILY};`).length - 1).toBe(2);
  });
});
