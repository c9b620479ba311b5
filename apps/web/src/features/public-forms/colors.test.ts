import { describe, expect, it } from 'vitest';
import { textColorOn } from './colors.ts';

describe('[PUBLIC FORMS] header text colour', () => {
  it('puts white on the default red and dark colours, black on light ones', () => {
    expect(textColorOn('#9a0223')).toBe('#fff');
    expect(textColorOn('#000000')).toBe('#fff');
    expect(textColorOn('#ffff00')).toBe('#000');
    expect(textColorOn('#FFFFFF')).toBe('#000');
    expect(textColorOn('not a colour')).toBe('#fff');
  });
});
