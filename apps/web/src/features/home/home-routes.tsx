import type { RouteObject } from 'react-router';
import { CategoryPage } from './CategoryPage.tsx';
import { HomePage } from './HomePage.tsx';

/** Home at /, the category tree at /categorytree?parent&id and category screens at /category/{id} (spec 01 §2.3). */
export const homeRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'categorytree', element: <CategoryPage /> },
  { path: 'category/:id', element: <CategoryPage /> },
];
