import type { Message, MessagesPage } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { chronological, mergeNewest } from './merge-messages.ts';

const m = (id: string, minute: number): Message => ({
  id,
  conversation_id: 'c',
  body: id,
  created_at: `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`,
  is_sender: false,
  sender: null,
});
const page = (...data: Message[]): MessagesPage => ({ data, meta: { per_page: 30, has_more: false } });

describe('mergeNewest', () => {
  it('puts new messages on the newest page by time and shows each once', () => {
    const pages = [page(m('c', 3), m('b', 2)), page(m('a', 1))];
    const merged = mergeNewest(pages, [m('e', 5), m('d', 4), m('c', 3), m('e', 5)]);
    expect(chronological(merged).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(merged[1]).toBe(pages[1]);
  });

  it('changes nothing when every message is known or nothing is loaded', () => {
    const pages = [page(m('b', 2), m('a', 1))];
    expect(mergeNewest(pages, [m('a', 1)])).toBe(pages);
    expect(mergeNewest([], [m('a', 1)])).toEqual([]);
  });

  it('places a late arrival by its time, not at the end', () => {
    const merged = mergeNewest([page(m('c', 3), m('a', 1))], [m('b', 2)]);
    expect(chronological(merged).map((x) => x.id)).toEqual(['a', 'b', 'c']);
  });
});
