import { FOOTER_TEXT } from '@turnout/shared';
import type { ReactNode } from 'react';
import { authStore } from '../api/auth-store.ts';
import { DRAWER_COLLAPSED_KEY } from './first-paint-html.ts';
import { firstPaintTitle, LIST_TITLES_KEY } from './first-paint-title.ts';

/**
 * The page as it first paints (issue 20, decision 0041): a turning ring and the product's
 * footer. index.html holds the same markup (`firstPaintHtml()`, written in at build), so on a
 * slow phone the frame shows as soon as the HTML and the stylesheet arrive, not after the
 * JavaScript; the session gate draws this component while the user loads, so React taking
 * #root over changes nothing on the screen. Its styles (first-paint.css) are in the entry's
 * stylesheet (providers.tsx), which the page loads before it paints.
 *
 * A list opened again in the same session has its title in the frame too, where the list's
 * header will put it (`title`, first-paint-title.ts; index.html's script adds the same element).
 */
export function FirstPaint({
  children,
  title,
  drawerCollapsed,
}: {
  children?: ReactNode;
  title?: string | null;
  drawerCollapsed?: boolean;
}) {
  return (
    <div className="first-paint">
      <main className="first-paint-main">
        {title && (
          <h1 className="first-paint-title" data-collapsed={drawerCollapsed ? '' : undefined}>
            {title}
          </h1>
        )}
        <div className="first-paint-spinner" />
        {children}
      </main>
      <AppFooter />
    </div>
  );
}

/**
 * The first paint of the page now open, as index.html's script completed it (with a list's
 * title when this session has one): what React draws while the screen's code and the user load.
 */
export function PageFirstPaint({ children }: { children?: ReactNode }) {
  return (
    <FirstPaint
      title={firstPaintTitle(window.location.pathname, window.location.search, storedItem(LIST_TITLES_KEY), authStore.token())}
      drawerCollapsed={storedItem(DRAWER_COLLAPSED_KEY) === 'true'}
    >
      {children}
    </FirstPaint>
  );
}

function storedItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The product's footer line: the same element and size on every screen (see first-paint.css). */
export function AppFooter() {
  return <footer className="app-footer">{FOOTER_TEXT}</footer>;
}
