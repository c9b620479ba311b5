import { describe, expect, it } from 'vitest';
import { firstPaintTitle } from './first-paint-title.ts';

const token = 'abcdefghijklmnopqrstuvwxyz0123456789';
const stored = JSON.stringify({ session: token.slice(-12), titles: { hydrant: 'Fire Hydrants' } });

describe('firstPaintTitle', () => {
  it('names a plain list by the label this session last saw', () => {
    expect(firstPaintTitle('/entity-list', '?type=hydrant', stored, token)).toBe('Fire Hydrants');
    expect(firstPaintTitle('/entity-list/', '?type=hydrant', stored, token)).toBe('Fire Hydrants');
  });

  it('shows nothing for another session, no session, or nothing stored', () => {
    expect(firstPaintTitle('/entity-list', '?type=hydrant', stored, 'another-token-000000000000')).toBeNull();
    expect(firstPaintTitle('/entity-list', '?type=hydrant', stored, null)).toBeNull();
    expect(firstPaintTitle('/entity-list', '?type=hydrant', null, token)).toBeNull();
  });

  it('shows nothing for a type it has not seen, another screen, or a list with more than its type', () => {
    expect(firstPaintTitle('/entity-list', '?type=ladder', stored, token)).toBeNull();
    expect(firstPaintTitle('/', '', stored, token)).toBeNull();
    expect(firstPaintTitle('/entity/hydrant/1', '', stored, token)).toBeNull();
    expect(firstPaintTitle('/entity-list', '?type=hydrant&sourceName=Engine%201', stored, token)).toBeNull();
    expect(firstPaintTitle('/entity-list', '?type=hydrant&split.id=5', stored, token)).toBeNull();
  });

  it('survives whatever else the key holds', () => {
    for (const junk of [
      '{',
      'null',
      '"x"',
      JSON.stringify({ session: token.slice(-12), titles: null }),
      JSON.stringify({ session: token.slice(-12), titles: { hydrant: 7 } }),
    ])
      expect(firstPaintTitle('/entity-list', '?type=hydrant', junk, token)).toBeNull();
  });

  it('runs on its own, as the page script that carries it', () => {
    const standalone = new Function(`return (${firstPaintTitle.toString()})`)() as typeof firstPaintTitle;
    expect(standalone('/entity-list', '?type=hydrant', stored, token)).toBe('Fire Hydrants');
  });
});
