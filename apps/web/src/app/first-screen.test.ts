import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: the gate is the page load's, once.
const load = async () => {
  vi.resetModules();
  return (await import('./first-screen.ts')).firstScreen;
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the first screen gate (decision 0043)', () => {
  it('runs what waits for it once the screen says it has painted, and at once after that', async () => {
    const firstScreen = await load();
    const ran: string[] = [];
    firstScreen.whenPainted(() => ran.push('a'));
    expect(ran).toEqual([]);
    expect(firstScreen.painted()).toBe(false);
    firstScreen.mark();
    firstScreen.mark();
    expect(ran).toEqual(['a']);
    firstScreen.whenPainted(() => ran.push('b'));
    expect(ran).toEqual(['a', 'b']);
  });

  it('in a visible page, runs what waits after the next frame has painted, not inside it', async () => {
    vi.useFakeTimers();
    const frames: (() => void)[] = [];
    vi.stubGlobal('document', { visibilityState: 'visible' });
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run));
    const firstScreen = await load();
    const ran: string[] = [];
    firstScreen.whenPainted(() => ran.push('after'));
    firstScreen.mark();
    expect(ran).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(['after']);
    expect(firstScreen.painted()).toBe(true);
  });

  it('is taken as painted 4 s after something first waits, when no screen says so', async () => {
    vi.useFakeTimers();
    const firstScreen = await load();
    const ran: string[] = [];
    firstScreen.whenPainted(() => ran.push('late'));
    vi.advanceTimersByTime(3_999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['late']);
    expect(firstScreen.painted()).toBe(true);
  });

  it('tells the subscribed components once', async () => {
    const firstScreen = await load();
    const listener = vi.fn();
    const unsubscribe = firstScreen.subscribe(listener);
    firstScreen.mark();
    firstScreen.mark();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

describe('isFirstScreenPath', () => {
  it('names home, a list and a record, and nothing else', async () => {
    const { isFirstScreenPath } = await import('./first-screen.ts');
    for (const path of ['/', '/entity-list', '/entity-list/', '/entity/hydrant/1b2c', '/entity/hydrant/1b2c/'])
      expect(isFirstScreenPath(path), path).toBe(true);
    for (const path of ['/settings', '/entity/hydrant', '/entity/hydrant/1b2c/history', '/calendar', '/category/1'])
      expect(isFirstScreenPath(path), path).toBe(false);
  });
});
