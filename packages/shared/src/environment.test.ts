import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_BAR_COLOR, ENVIRONMENTS, environmentFrom } from './environment.ts';

describe('environments', () => {
  it('reads long and short names and falls back to development', () => {
    expect(environmentFrom('prod')).toBe('production');
    expect(environmentFrom('production')).toBe('production');
    expect(environmentFrom('stage')).toBe('staging');
    expect(environmentFrom('nonsense')).toBe('development');
    expect(environmentFrom(undefined)).toBe('development');
  });

  it('gives production, development and the others different bar colours', () => {
    const colours = new Set(ENVIRONMENTS.map((env) => ENVIRONMENT_BAR_COLOR[env]));
    expect(colours.size).toBe(ENVIRONMENTS.length);
  });
});
