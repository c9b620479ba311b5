import { expect, type Page } from '@playwright/test';

/**
 * Waits until the service worker is active and the device's copy of the queries (IndexedDB
 * `turnout-offline`, store `query-cache`, written by the web app's OfflineCache) holds the given
 * query roots: only then does a page opened with no network find them.
 */
export async function waitForOfflineCopy(page: Page, roots: string[], timeout = 30_000) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<string[]>((resolve) => {
              const open = indexedDB.open('turnout-offline');
              open.onerror = () => resolve([]);
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('query-cache')) return resolve([]);
                const all = db.transaction('query-cache').objectStore('query-cache').getAll();
                all.onsuccess = () =>
                  resolve(
                    (all.result as string[]).flatMap((raw) =>
                      (JSON.parse(raw) as { state: { queries: { queryKey: unknown[] }[] } }).state.queries.map((q) =>
                        String(q.queryKey[0]),
                      ),
                    ),
                  );
                all.onerror = () => resolve([]);
              };
            }),
        ),
      { timeout },
    )
    .toEqual(expect.arrayContaining(roots));
}
