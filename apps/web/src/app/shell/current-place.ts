import type { HomeNavigation } from '@turnout/shared';
import { ancestorsOf, categoryById } from '../../features/home/tree.ts';

/**
 * Which drawer item or bottom tab stands for the screen shown (issue 20, 'one look'): the one
 * that links to the screen itself, else to its nearest parent. One item at most is lit, and none
 * rather than a wrong one.
 */

export interface Place {
  pathname: string;
  search: string;
}

/** A drawer item or a tab: where it links to; `exact` ones stand for their own screen only. */
export interface NavItem {
  key: string;
  to: string;
  exact?: boolean;
}

/**
 * Whether a link points at a place: the same path (a trailing slash aside) and, when the link has
 * a query (a type, a pre-filled field), every one of its parameters with the same value.
 * '/entity/add?type=incident_report' is the place only when adding an incident report.
 */
export function isCurrentLink(link: string, place: Place): boolean {
  const [linkPath = '', linkQuery = ''] = link.split('?', 2);
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  if (trim(linkPath) !== trim(place.pathname)) return false;
  const wanted = new URLSearchParams(linkQuery);
  const shown = new URLSearchParams(place.search);
  for (const [key, value] of wanted) if (!shown.getAll(key).includes(value)) return false;
  return true;
}

const at = (link: string): Place => {
  const [pathname = '', search = ''] = link.split('?', 2);
  return { pathname, search: search ? `?${search}` : '' };
};

/** The type of a list or record screen: /entity-list/?type=T, /entity/add?type=T, /entity/edit/{id}?type=T, /entity/T/{id}. */
function typeOf({ pathname, search }: Place): string | null {
  const query = new URLSearchParams(search);
  if (/^\/entity-list(-detail)?\/?$/.test(pathname) || /^\/entity\/(add|edit\/[^/]+)\/?$/.test(pathname)) return query.get('type');
  return /^\/entity\/([^/]+)\/[^/]+\/?$/.exec(pathname)?.[1] ?? null;
}

/** A category's place, then its parents' up to Home ('/'). */
function categoryTrail(nav: HomeNavigation | undefined, id: string): Place[] {
  const category = nav && categoryById(nav, id);
  if (!nav || !category) return [at(`/category/${id}`), at('/')];
  const chain = [...ancestorsOf(nav, category), category].reverse();
  return chain.map((c) => (c.id === nav.home ? at('/') : at(`/category/${c.id}`)));
}

/** The paths above a path, nearest first: /settings/reports/index → /settings/reports, /settings. */
function pathParents(pathname: string): Place[] {
  const parts = pathname.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, i) => at(`/${parts.slice(0, parts.length - 1 - i).join('/')}`));
}

/**
 * The places a screen belongs to, from the screen itself to its farthest parent. A list or a
 * record belongs to its type's list, then the category holding the type and that category's
 * parents up to Home; a type in no category belongs to no more. A category belongs to its
 * parents and Home. A report belongs to the reports list. Any other screen belongs to the paths
 * above it ('/' only for the home tree: a settings screen is not Home).
 */
export function placesOf(place: Place, nav: HomeNavigation | undefined): Place[] {
  const type = typeOf(place);
  if (type) {
    const holder = nav?.categories.find((c) => c.entity_types.some((t) => t.name === type));
    return [place, at(`/entity-list/?type=${encodeURIComponent(type)}`), ...(holder ? categoryTrail(nav, holder.id) : [])];
  }
  const category = /^\/category\/([^/]+)\/?$/.exec(place.pathname)?.[1];
  if (category) return [place, ...categoryTrail(nav, category)];
  if (/^\/categorytree\/?$/.test(place.pathname)) return [place, at('/')];
  if (/^\/settings\/report\/[^/]+\/?$/.test(place.pathname)) {
    const reports = at('/settings/reports/index');
    return [place, reports, ...pathParents(reports.pathname)];
  }
  return [place, ...pathParents(place.pathname)];
}

/**
 * The item for the screen shown: the first item that links to the screen, else the first that
 * links to its nearest parent (an exact item never stands for a parent); null when none does.
 */
export function currentPlace<T extends NavItem>(place: Place, items: readonly T[], nav?: HomeNavigation): T | null {
  const [self, ...parents] = placesOf(place, nav);
  const mine = self && items.find((item) => isCurrentLink(item.to, self));
  if (mine) return mine;
  for (const parent of parents) {
    const item = items.find((i) => !i.exact && isCurrentLink(i.to, parent));
    if (item) return item;
  }
  return null;
}
