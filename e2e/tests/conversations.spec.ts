import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiSignIn, bearer, screenshotFor, signInThroughApi } from '../support/session.ts';
import { USERS } from '../support/users.ts';

/**
 * Dana and Sam (Riverside) message each other in two browser contexts: each sees the other's
 * message arrive without a reload (pushed over /api/events). Both tests use the same two demo
 * accounts, so they run one after the other.
 */
test.describe.configure({ mode: 'serial' });

async function openAs(browser: Browser, email: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInThroughApi(page, email);
  return page;
}

/** Goes to /conversations and waits until the event stream is open, so messages arrive pushed. */
async function openMessages(page: Page, path = '/conversations'): Promise<void> {
  const streamOpened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  expect((await streamOpened).status()).toBe(200);
  // A marker on the window proves that nothing reloads the page meanwhile.
  await page.evaluate(() => Object.assign(window, { __noReload: true }));
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload);
const messages = (page: Page) => page.getByTestId('message');
const composerOf = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

async function startConversation(page: Page, name: string): Promise<string> {
  await page.getByRole('link', { name: 'Start Conversation' }).click();
  await expect(page).toHaveURL(/\/conversations\/create\?from=%2Fconversations$/);
  await page.getByRole('combobox', { name: 'Participants' }).fill('Sam');
  await page.getByRole('option', { name: USERS.squad.name }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}\?from=/);
  return /\/conversations\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
}

test('[CONVERSATIONS]: two members converse in two browsers and each sees the other’s message without reloading', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const wide = { width: 1400, height: 900 };
  const dana = await openAs(browser, USERS.dispatcher.email, wide);
  const sam = await openAs(browser, USERS.squad.email, wide);
  // /messages reaches the same place.
  await openMessages(dana, '/messages');
  await expect(dana).toHaveURL(/\/conversations$/);
  await openMessages(sam);

  const name = `Shift swap ${Date.now().toString(36)}`;
  const id = await startConversation(dana, name);
  const composer = composerOf(dana);
  await expect(dana.getByRole('button', { name: 'Send' })).toBeDisabled();
  await composer.fill('Engine 3 is back in service.');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('Details: https://example.org/e3');
  await expect(composer).toHaveValue('Engine 3 is back in service.\nDetails: https://example.org/e3');
  await composer.press('Enter');
  await expect(messages(dana)).toHaveCount(1);
  await expect(composer).toHaveValue('');
  await expect(messages(dana).first().getByRole('link', { name: 'https://example.org/e3' })).toHaveAttribute('rel', 'noopener noreferrer');

  // Sam's list shows the new conversation, unread, without a reload.
  const row = sam.getByTestId('conversation').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('conversation-unread')).toHaveText(/^1/);
  await expect(row).toContainText('Dana Dispatch: Engine 3 is back in service.');
  await expect(sam.getByRole('link', { name: /^Messages, \d+ unread$/ })).toBeVisible();
  // The bell counts the message once; opening the conversation reads that notification too.
  const samBell = sam.getByRole('link', { name: /^Notifications/ });
  await expect(samBell).toHaveAttribute('aria-label', 'Notifications, 1 unread');
  await row.click();
  await expect(messages(sam).first()).toContainText('Engine 3 is back in service.');
  await expect(row.getByTestId('conversation-unread')).toHaveCount(0);
  await expect(samBell).toHaveAttribute('aria-label', 'Notifications');

  // The third member and another tenant's chief get nothing.
  const firefighter = await apiSignIn(request, USERS.firefighter.email);
  expect((await request.get(`/api/conversations/${id}/messages`, { headers: bearer(firefighter.token) })).status()).toBe(404);
  const intrude = await request.post(`/api/conversations/${id}/messages`, {
    headers: bearer(firefighter.token),
    data: { message: { body: 'hi' } },
  });
  expect(intrude.status()).toBe(404);

  // Sam answers; Dana sees it arrive.
  await composerOf(sam).fill('Copy that, thanks.');
  await composerOf(sam).press('Enter');
  await expect(messages(dana)).toHaveCount(2);
  await expect(messages(dana).nth(1)).toContainText('Copy that, thanks.');
  await expect(messages(dana).nth(1)).toHaveAttribute('data-sender', 'other');
  expect(await notReloaded(dana)).toBe(true);
  expect(await notReloaded(sam)).toBe(true);

  await screenshotFor(dana, 'conversations-wide');
  const results = await new AxeBuilder({ page: dana }).exclude('footer').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await dana.context().close();
  await sam.context().close();
});

test('[CONVERSATIONS]: on a phone the conversation is a chat of its own; a failed send keeps the text for a retry', async ({ browser }) => {
  test.setTimeout(150_000);
  const dana = await openAs(browser, USERS.dispatcher.email, { width: 1400, height: 900 });
  const sam = await openAs(browser, USERS.squad.email, { width: 390, height: 844 });
  await openMessages(dana);
  const name = `Hose testing ${Date.now().toString(36)}`;
  await startConversation(dana, name);
  await composerOf(dana).fill('Hose testing at 0900.');
  await dana.getByRole('button', { name: 'Send' }).click();
  await expect(messages(dana)).toHaveCount(1);

  // The phone: the drawer's Messages entry leads to the list; the conversation replaces it.
  const streamOpened = sam.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
  await sam.goto('/');
  expect((await streamOpened).status()).toBe(200);
  await sam.getByRole('button', { name: 'Toggle navigation' }).click();
  await sam.getByRole('link', { name: 'Messages' }).click();
  await expect(sam.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await sam.getByTestId('conversation').filter({ hasText: name }).click();
  await expect(sam.getByRole('heading', { name: 'Messages', level: 1 })).toHaveCount(0);
  await expect(messages(sam)).toHaveCount(1);

  // Sending fails once: the text stays, with a note; Send again delivers it.
  await sam.route('**/api/conversations/*/messages', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
  await composerOf(sam).fill('On my way.');
  await sam.getByRole('button', { name: 'Send' }).click();
  await expect(sam.getByTestId('send-failed')).toBeVisible();
  await expect(composerOf(sam)).toHaveValue('On my way.');
  await sam.unroute('**/api/conversations/*/messages');
  await sam.getByRole('button', { name: 'Send' }).click();
  await expect(composerOf(sam)).toHaveValue('');
  await expect(messages(dana)).toHaveCount(2);
  await expect(messages(dana).nth(1)).toContainText('On my way.');

  await screenshotFor(sam, 'conversations-phone');
  const results = await new AxeBuilder({ page: sam }).exclude('footer').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // Back returns to the list.
  await sam.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(sam.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await dana.context().close();
  await sam.context().close();
});
