import { FOOTER_TEXT } from '@turnout/shared';
import type { ReactNode } from 'react';

/**
 * The page as it first paints (issue 20, decision 0041): a turning ring and the product's
 * footer. index.html holds the same markup (`firstPaintHtml()`, written in at build), so on a
 * slow phone the frame shows as soon as the HTML and the stylesheet arrive, not after the
 * JavaScript; the session gate draws this component while the user loads, so React taking
 * #root over changes nothing on the screen. Its styles (first-paint.css) are in the entry's
 * stylesheet (providers.tsx), which the page loads before it paints.
 */
export function FirstPaint({ children }: { children?: ReactNode }) {
  return (
    <div className="first-paint">
      <main className="first-paint-main">
        <div className="first-paint-spinner" />
        {children}
      </main>
      <AppFooter />
    </div>
  );
}

/** The product's footer line: the same element and size on every screen (see first-paint.css). */
export function AppFooter() {
  return <footer className="app-footer">{FOOTER_TEXT}</footer>;
}
