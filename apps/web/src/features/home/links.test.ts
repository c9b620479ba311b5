import { describe, expect, it, vi } from 'vitest';
import { InvalidLinkError, resolveLink, tryResolveLink } from './links.ts';

describe('[HOME] link paths', () => {
  it('keeps paths starting with / inside the app and rewrites /entity/?type to /entity-list/?type', () => {
    expect(resolveLink('/tasks')).toEqual({ external: false, to: '/tasks' });
    expect(resolveLink('/entity/?type=hydrant')).toEqual({ external: false, to: '/entity-list/?type=hydrant' });
    expect(resolveLink('/entity?type=hydrant')).toEqual({ external: false, to: '/entity-list/?type=hydrant' });
    expect(resolveLink('/entity/add?type=hydrant')).toEqual({ external: false, to: '/entity/add?type=hydrant' });
  });

  it('opens http and https addresses outside', () => {
    expect(resolveLink('https://neris.fsri.org/')).toEqual({ external: true, href: 'https://neris.fsri.org/' });
    expect(resolveLink('http://example.org')).toEqual({ external: true, href: 'http://example.org' });
  });

  it('raises an error for anything else', () => {
    for (const bad of ['tasks', 'javascript:alert(1)', '//evil.example', 'mailto:x@y.z', '']) {
      expect(() => resolveLink(bad), bad).toThrow(InvalidLinkError);
    }
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(tryResolveLink('tasks')).toBeNull();
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});
