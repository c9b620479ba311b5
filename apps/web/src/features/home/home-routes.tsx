import type { RouteObject } from 'react-router';

const homePage = async () => ({ Component: (await import('./HomePage.tsx')).HomePage });
const categoryPage = async () => ({ Component: (await import('./CategoryPage.tsx')).CategoryPage });

/** Home at /, the category tree at /categorytree?parent&id and category screens at /category/{id} (spec 01 §2.3). */
export const homeRoutes: RouteObject[] = [
  { index: true, lazy: homePage },
  { path: 'categorytree', lazy: categoryPage },
  { path: 'category/:id', lazy: categoryPage },
];
