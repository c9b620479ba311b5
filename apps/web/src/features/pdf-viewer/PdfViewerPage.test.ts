import { describe, expect, it } from 'vitest';
import { viewerFileUrl } from './viewer-url.ts';

describe('the PDF viewer file parameter', () => {
  it('takes app paths and web addresses only', () => {
    expect(viewerFileUrl('/api/files/f1/content')).toBe('/api/files/f1/content');
    expect(viewerFileUrl('https://example.org/a.pdf')).toBe('https://example.org/a.pdf');
    expect(viewerFileUrl('//evil.example/a.pdf')).toBeNull();
    expect(viewerFileUrl('javascript:alert(1)')).toBeNull();
    expect(viewerFileUrl(null)).toBeNull();
  });
});
