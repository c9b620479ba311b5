import { expect, type Page, test } from '@playwright/test';
import { bearer, signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/**
 * 'One look' (issue 20): every main screen's title (its h1) has one size and one left edge at
 * each screen size, the current place is lit in the drawer and the tab bar, and fields ring in
 * the accent colour when focused. As the Riverside firefighter (read only).
 */

const SCREENS = [
  '/',
  '/entity-list/?type=hydrant',
  'record',
  '/tasks',
  '/calendar',
  '/conversations',
  '/documents',
  '/settings',
  '/settings/reports/index',
  '/notifications',
];

/**
 * What the drawer (its lit item's name) and the tab bar light on each screen; null: nothing.
 * Below 1240 px the drawer holds Quick Links, whose 'Hydrants' links to the hydrant list itself.
 */
const LIT: Record<string, { drawer: string | null; phoneDrawer?: string; tab: string | null }> = {
  '/': { drawer: null, tab: 'Home' },
  '/entity-list/?type=hydrant': { drawer: 'Water Supply', phoneDrawer: 'Hydrants', tab: 'Home' },
  record: { drawer: 'Water Supply', phoneDrawer: 'Hydrants', tab: 'Home' },
  '/tasks': { drawer: 'My Tasks', tab: 'Tasks' },
  '/calendar': { drawer: 'Calendar', tab: 'Calendar' },
  '/conversations': { drawer: 'Messages', tab: null },
  '/documents': { drawer: 'Documents', tab: null },
  '/settings': { drawer: 'My Profile', tab: 'Settings' },
  '/settings/reports/index': { drawer: null, tab: 'Settings' },
  '/notifications': { drawer: null, tab: null },
};

/** The name of the one lit item of a navigation, or null; fails when more than one is lit. */
async function litIn(page: Page, name: string): Promise<string | null> {
  const names = await page
    .getByRole('navigation', { name, includeHidden: true })
    .locator('[aria-current="page"]')
    .evaluateAll((lit) => lit.map((el) => el.getAttribute('aria-label') ?? el.textContent ?? ''));
  expect(names.length, `lit in ${name}`).toBeLessThanOrEqual(1);
  return names[0] ?? null;
}

interface Title {
  screen: string;
  text: string;
  fontSize: string;
  left: number;
}

async function measureTitles(page: Page, phone: boolean): Promise<Title[]> {
  const { token } = await signInThroughApi(page, USERS.firefighter.email);
  const listed = await page.request.get('/api/entity/hydrant?per_page=1', { headers: bearer(token) });
  const hydrant = (await listed.json()).data[0] as { id: string };
  const titles: Title[] = [];
  for (const screen of SCREENS) {
    await page.goto(screen === 'record' ? `/entity/hydrant/${hydrant.id}` : screen);
    const h1 = page.locator('main h1').first();
    await expect(h1).toBeVisible();
    const { fontSize, left, text } = await h1.evaluate((el) => {
      // The left edge of the title's text, not of its box (a title may sit in a wider block).
      const range = document.createRange();
      range.selectNodeContents(el);
      return {
        fontSize: getComputedStyle(el).fontSize,
        left: Math.round(range.getBoundingClientRect().left),
        text: el.textContent ?? '',
      };
    });
    titles.push({ screen, text, fontSize, left });
    // The drawer's categories come after the screen has painted (decision 0043).
    await expect(
      page
        .getByRole('navigation', { name: 'Main navigation', includeHidden: true })
        .getByRole('link', { name: 'Operations', includeHidden: true }),
    ).toHaveCount(1);
    await expect
      .poll(() => litIn(page, 'Main navigation'), `drawer on ${screen}`)
      .toBe((phone && LIT[screen]?.phoneDrawer) || LIT[screen]?.drawer);
    await expect.poll(() => litIn(page, 'Tabs'), `tabs on ${screen}`).toBe(LIT[screen]?.tab);
  }
  return titles;
}

for (const size of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`${size.name} (${size.width}×${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test(`[SHELL]: every main screen's title has one size and one left edge (${size.name})`, async ({ page }) => {
      // Ten screens in one test: one sign-in, more time than one screen needs.
      test.slow();
      const titles = await measureTitles(page, size.name === 'phone');
      const first = titles[0]!;
      expect(titles.map((t) => `${t.screen} ${t.fontSize} ${t.left}`)).toEqual(
        titles.map((t) => `${t.screen} ${first.fontSize} ${first.left}`),
      );
    });
  });
}

/** WCAG contrast of an 'rgb(r, g, b)' colour against white. */
function contrastWithWhite(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 1.05 / (0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b) + 0.05);
}

test.describe('desktop (1440×900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('[SHELL]: a focused field and a control reached by keyboard ring in the accent colour, 3:1 on white', async ({ page }) => {
    await signInThroughApi(page, USERS.firefighter.email);
    await page.goto('/entity-list/?type=hydrant');
    await expect(page.locator('main h1')).toBeVisible();
    const ring = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((el) => {
        const style = getComputedStyle(el);
        return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor, offset: style.outlineOffset };
      });
    const accent = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.color = 'var(--mantine-primary-color-filled)';
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });

    // A button reached by the keyboard: the first Tab stop is the skip link, then the top bar.
    await page.locator('main').getByRole('button').first().focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const button = await ring(page.locator(':focus'));
    expect(button).toMatchObject({ style: 'solid', width: '2px', color: accent });

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const field = page.getByRole('combobox', { name: 'Search records' });
    await expect(field).toBeFocused();
    const ringed = await ring(field);
    expect(ringed).toMatchObject({ style: 'solid', width: '2px', color: accent, offset: '2px' });
    expect(contrastWithWhite(ringed.color)).toBeGreaterThanOrEqual(3);
  });
});
