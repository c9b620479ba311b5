/**
 * The `frontend-version` request header (spec 01 §7): environment, build hash, platform and
 * build timestamp, written as `key=value` pairs separated by semicolons, e.g.
 * `env=production; build=3f2a9c1; platform=web; timestamp=2026-11-21T10:00:00Z`.
 */
export interface FrontendVersion {
  env: string;
  build: string;
  platform: string;
  timestamp: string;
}

export const FRONTEND_VERSION_HEADER = 'frontend-version';

const clean = (value: string) =>
  value
    .replace(/[;=\r\n]/g, '')
    .trim()
    .slice(0, 64);

export function formatFrontendVersion(version: FrontendVersion): string {
  return `env=${clean(version.env)}; build=${clean(version.build)}; platform=${clean(version.platform)}; timestamp=${clean(version.timestamp)}`;
}

/** Reads the header leniently: unknown keys are ignored, values are cut to 64 characters. */
export function parseFrontendVersion(header: string | undefined | null): Partial<FrontendVersion> | undefined {
  if (!header) return undefined;
  const result: Partial<FrontendVersion> = {};
  for (const part of header.slice(0, 512).split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const key = part.slice(0, index).trim();
    const value = part
      .slice(index + 1)
      .trim()
      .slice(0, 64);
    if (key === 'env' || key === 'build' || key === 'platform' || key === 'timestamp') result[key] = value;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}
