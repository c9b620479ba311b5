import { describe, expect, it } from 'vitest';
import { formatFrontendVersion, parseFrontendVersion } from './frontend-version.ts';

describe('frontend-version header', () => {
  it('round-trips environment, build, platform and timestamp', () => {
    const version = { env: 'production', build: '3f2a9c1', platform: 'web', timestamp: '2026-11-21T10:00:00Z' };
    expect(parseFrontendVersion(formatFrontendVersion(version))).toEqual(version);
  });

  it('strips separators so a value cannot forge another key', () => {
    const header = formatFrontendVersion({ env: 'dev; build=evil', build: 'a', platform: 'web', timestamp: 't' });
    expect(parseFrontendVersion(header)).toEqual({ env: 'dev buildevil', build: 'a', platform: 'web', timestamp: 't' });
  });

  it('ignores unknown keys, junk and missing headers', () => {
    expect(parseFrontendVersion(undefined)).toBeUndefined();
    expect(parseFrontendVersion('')).toBeUndefined();
    expect(parseFrontendVersion('garbage')).toBeUndefined();
    expect(parseFrontendVersion('env=dev; colour=red')).toEqual({ env: 'dev' });
  });

  it('cuts long values to 64 characters', () => {
    expect(parseFrontendVersion(`build=${'a'.repeat(500)}`)?.build).toHaveLength(64);
  });
});
