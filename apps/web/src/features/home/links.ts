/**
 * Link paths of screen buttons and alerts (spec 01 §2.3): a path must start with / or http,
 * otherwise an error is raised; paths beginning /entity/?type are rewritten to
 * /entity-list/?type; external links open in a new tab.
 */
export class InvalidLinkError extends Error {
  constructor(readonly path: string) {
    super(`A link path must start with / or http: '${path}'`);
    this.name = 'InvalidLinkError';
  }
}

export type ResolvedLink = { external: false; to: string } | { external: true; href: string };

export function resolveLink(path: string): ResolvedLink {
  const value = path.trim();
  if (/^https?:\/\//i.test(value)) return { external: true, href: value };
  if (value.startsWith('/') && !value.startsWith('//')) {
    const rewritten = value.replace(/^\/entity\/?\?type=/, '/entity-list/?type=');
    return { external: false, to: rewritten };
  }
  throw new InvalidLinkError(path);
}

/** resolveLink without throwing: null for a path that is not a link (the caller shows it as broken). */
export function tryResolveLink(path: string): ResolvedLink | null {
  try {
    return resolveLink(path);
  } catch (error) {
    if (!(error instanceof InvalidLinkError)) throw error;
    console.error(error.message);
    return null;
  }
}
