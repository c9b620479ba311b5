/**
 * Rich text shown read-only is HTML typed by people: only an allow-list of formatting tags
 * and safe link targets survives; scripts, styles, event handlers and javascript: URLs go.
 */
const ALLOWED = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'STRIKE',
  'UL',
  'OL',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'BLOCKQUOTE',
  'CODE',
  'PRE',
  'A',
  'HR',
  'SPAN',
  'DIV',
  'SUB',
  'SUP',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
]);
const DROP_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH']);

/** A link target that may be followed: http(s), mailto, tel, or a path in the app. */
export const isSafeHref = (href: string) => /^(https?:|mailto:|tel:|\/(?!\/)|#)/i.test(href.trim());

function clean(node: Node, doc: Document): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  if (DROP_WITH_CONTENT.has(el.tagName)) return null;
  const children = [...el.childNodes].map((c) => clean(c, doc)).filter((c): c is Node => c !== null);
  if (!ALLOWED.has(el.tagName)) {
    const fragment = doc.createDocumentFragment();
    for (const c of children) fragment.appendChild(c);
    return fragment;
  }
  const out = doc.createElement(el.tagName.toLowerCase());
  if (el.tagName === 'A') {
    const href = el.getAttribute('href') ?? '';
    if (isSafeHref(href)) out.setAttribute('href', href.trim());
    out.setAttribute('rel', 'noopener noreferrer');
    out.setAttribute('target', '_blank');
  }
  for (const c of children) out.appendChild(c);
  return out;
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = doc.createElement('div');
  for (const child of [...doc.body.childNodes]) {
    const c = clean(child, doc);
    if (c) out.appendChild(c);
  }
  return out.innerHTML;
}
