import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.ts';

describe("'from' return paths", () => {
  it('follows a path of this app', () => {
    expect(safeReturnPath('/entity-list?type=hydrant')).toBe('/entity-list?type=hydrant');
    expect(safeReturnPath('/entity/42')).toBe('/entity/42');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('never leads to another site or a script', () => {
    for (const from of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'entity-list',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(from), String(from)).toBeNull();
    }
  });
});
