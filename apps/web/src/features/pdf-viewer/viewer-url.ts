/** The file the viewer shows: an app path ('/api/files/…') or a web address; anything else is refused. */
export function viewerFileUrl(param: string | null): string | null {
  if (!param) return null;
  const url = param.trim();
  return /^(\/(?!\/)|https?:\/\/)/i.test(url) ? url : null;
}
