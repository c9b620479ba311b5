import type { RouteObject } from 'react-router';
import { PlaceholderPage } from './PlaceholderPage.tsx';

interface ComingSoon {
  path: string;
  title: string;
  coming: string;
}

/** The signed-in routes of spec 01 §2.3 that later modules build; each shows what is coming. */
const COMING_SOON: ComingSoon[] = [];

export const comingSoonRoutes: RouteObject[] = [
  ...COMING_SOON.map(({ path, title, coming }) => ({ path, element: <PlaceholderPage title={title} coming={coming} /> })),
];
