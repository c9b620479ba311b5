import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { screenshotFor, signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/**
 * Home, the drawer, the top bar and the phone's tabs, as the Riverside firefighter (read only:
 * nothing here changes data). Relies on the demo's home tree (apps/server/src/demo/home.ts):
 * Home → Operations, Apparatus (→ Water Supply), Training, Administration; Quick Links and
 * Quick Docs; one active alert 'Hose testing this weekend' and one that has ended.
 */

async function openHome(page: Page) {
  await signInThroughApi(page, USERS.firefighter.email);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();
}

const drawer = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test.describe('wide screen (1400×900)', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('[HOME]: home tiles lead to a category, and a type tile to its entity list', async ({ page }) => {
    await openHome(page);
    const categories = page.getByRole('region', { name: 'Categories' });
    for (const name of ['Operations', 'Apparatus', 'Training', 'Administration']) {
      await expect(categories.getByRole('link', { name })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Shortcuts' }).getByRole('link', { name: 'Report an Incident' })).toBeVisible();
    await screenshotFor(page, 'home-wide');

    await categories.getByRole('link', { name: 'Apparatus' }).click();
    await expect(page).toHaveURL(/\/category\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Apparatus', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Shortcuts' }).getByRole('link', { name: 'Start a Daily Check' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: 'Water Supply' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Checks' }).getByRole('link', { name: 'Daily Apparatus Check' })).toBeVisible();
    await screenshotFor(page, 'category-wide');
    await page.getByRole('region', { name: 'Fleet' }).getByRole('link', { name: 'Apparatus' }).click();
    await expect(page).toHaveURL(/\/entity-list\/\?type=apparatus$/);
  });

  test('[HOME]: the drawer opens one category section per depth and collapses to 52 and back to 280', async ({ page }) => {
    await openHome(page);
    const nav = drawer(page);
    for (const name of ['Dashboard', 'Operations', 'Documents', 'My Profile', 'My Tasks']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    // Only tenant and trainer admins have My Department.
    await expect(nav.getByRole('link', { name: 'My Department' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Apparatus', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Apparatus', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'Water Supply' }).click();
    await expect(page.getByRole('heading', { name: 'Water Supply', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Hydrants' }).getByRole('link', { name: 'Hydrant' })).toBeVisible();

    const navbar = page.locator('.mantine-AppShell-navbar');
    await expect.poll(async () => (await navbar.boundingBox())?.width).toBe(280);
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    await expect.poll(async () => (await navbar.boundingBox())?.width).toBe(52);
    await expect(nav.getByRole('link', { name: 'Operations' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand navigation' }).click();
    await expect.poll(async () => (await navbar.boundingBox())?.width).toBe(280);
  });

  test('[HOME]: Quick Links and Quick Docs drop-downs sit in the top bar', async ({ page }) => {
    await openHome(page);
    const bar = page.getByTestId('top-bar');
    await bar.getByRole('button', { name: 'Quick Docs' }).click();
    await expect(page.getByRole('menuitem', { name: 'Department Documents' })).toBeVisible();
    await page.keyboard.press('Escape');

    await bar.getByRole('button', { name: 'Quick Links' }).click();
    const external = page.getByRole('menuitem', { name: 'NERIS Portal' });
    await expect(external).toHaveAttribute('href', 'https://neris.fsri.org/');
    await expect(external).toHaveAttribute('target', '_blank');
    await page.getByRole('menuitem', { name: 'Hydrants' }).click();
    await expect(page).toHaveURL(/\/entity-list\/\?type=hydrant$/);
  });

  test('[HOME]: global search from the top bar shows results for a demo record and opens it', async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: 'Search' }).click();
    const box = page.getByRole('combobox', { name: 'Search records' });
    await box.fill('ho');
    await expect(page.getByText('Type at least 3 characters to search.')).toBeVisible();
    await box.fill('hose testing');
    await expect(page.getByText('Showing search results for hose testing')).toBeVisible();
    const result = page.getByRole('option', { name: /Hose testing this weekend/ });
    await expect(result).toBeVisible();
    await screenshotFor(page, 'search-wide');
    await box.press('ArrowDown');
    await expect(result).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/entity\/system_alert\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Esc closes the box.
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(box).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
  });

  test('[HOME]: the active alerts banner opens the Active Alerts list with Ends:', async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: '1 active alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Active Alerts' });
    await expect(dialog.getByRole('link', { name: 'Hose testing this weekend' })).toBeVisible();
    await expect(dialog.getByText(/^Ends: /)).toBeVisible();
    // The alert that has ended does not count.
    await expect(dialog.getByText('Radio upgrade finished')).toHaveCount(0);
    await dialog.getByRole('link', { name: 'Hose testing this weekend' }).click();
    await expect(page).toHaveURL(/\/entity-list\/\?type=apparatus$/);
  });

  test('[HOME]: axe finds no serious or critical violation on home', async ({ page }) => {
    await openHome(page);
    await expect(page.getByTestId('active-alerts-banner')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test.describe('phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('[HOME]: the Menu tab slides the drawer in, with Quick Links; tiles lead to a type list', async ({ page }) => {
    await openHome(page);
    // Off screen and inert until the Menu tab slides it in.
    const navbar = page.locator('.mantine-AppShell-navbar');
    await expect(navbar).not.toBeInViewport();
    await expect(navbar).toHaveAttribute('inert', '');
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await tabs.getByRole('button', { name: 'Menu' }).click();
    await expect(navbar).toBeInViewport();
    await expect(navbar).not.toHaveAttribute('inert');
    await drawer(page).getByRole('button', { name: 'Quick Links' }).click();
    await expect(drawer(page).getByRole('link', { name: 'Shift Schedule' })).toBeVisible();
    await screenshotFor(page, 'drawer-phone');
    await drawer(page).getByRole('link', { name: 'Operations', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();
    await expect(navbar).not.toBeInViewport();
    await page.getByRole('region', { name: 'Incidents' }).getByRole('link', { name: 'Incident Report' }).click();
    await expect(page).toHaveURL(/\/entity-list\/\?type=incident_report$/);
  });

  test('[HOME]: bottom tabs go to their screens, and pressing the active tab resets it', async ({ page }) => {
    await openHome(page);
    await screenshotFor(page, 'home-phone');
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await tabs.getByRole('button', { name: 'Tasks' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await tabs.getByRole('button', { name: 'Calendar' }).click();
    await expect(page).toHaveURL(/\/calendar$/);

    await page.goto('/settings/collections');
    await expect(tabs.getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('button', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);

    await page.goto('/');
    await page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: 'Training' }).click();
    await expect(page.getByRole('heading', { name: 'Training', level: 1 })).toBeVisible();
    await expect(tabs.getByRole('button', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('button', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  });

  test('[HOME]: search and the alerts banner work on the phone too', async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: '1 active alert' }).click();
    await expect(page.getByRole('dialog', { name: 'Active Alerts' }).getByText(/^Ends: /)).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Search records' }).fill('water supply');
    await expect(page.getByText('Showing search results for water supply')).toBeVisible();
    await page.getByRole('option', { name: /Water Supply/ }).click();
    await expect(page).toHaveURL(/\/entity\/tree_category\/[0-9a-f-]{36}$/);
  });
});
