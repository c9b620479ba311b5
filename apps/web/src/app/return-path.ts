const BASE = 'http://turnout.invalid';

/**
 * URL parsers read a backslash as a slash ('/\evil.example' is '//evil.example') and drop tabs
 * and newlines ('/\t/evil.example' too): a return path holds none of them, nor other controls.
 */
function hasUnsafeCharacter(path: string): boolean {
  for (let i = 0; i < path.length; i += 1) {
    const code = path.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * Where a `from` parameter (spec 01 §2.7, §2.10; 03 §2) may lead: a path of this app, starting
 * with a single '/', never another site (an absolute URL, '//host', '/\host'). Null otherwise.
 */
export function safeReturnPath(from: string | null | undefined): string | null {
  if (!from?.startsWith('/') || from.startsWith('//') || hasUnsafeCharacter(from)) return null;
  try {
    return new URL(from, BASE).origin === BASE ? from : null;
  } catch {
    return null;
  }
}
