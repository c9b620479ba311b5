import type { Page } from '@playwright/test';

/**
 * The controls on screen that a finger cannot hit reliably (issue 20: every tap target at
 * least 44×44 px on phones). A control counts with the box a tap lands on: a checkbox or radio
 * whose label wraps or names it counts with that label's box, an icon inside a button with the
 * button's. Links inside running text are left out (WCAG 2.5.8's inline exception), as are
 * controls that are not rendered (hidden, zero-sized, or the visually hidden skip link), and
 * controls marked `data-tap-exempt` with the reason (a timeline item whose width is its duration).
 * Returns one line per control: its role, its name and its size.
 */
export async function smallTapTargets(page: Page, minimum = 44): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="option"]',
      '[role="combobox"]',
      '[role="slider"]',
    ].join(',');
    const inRunningText = (el: Element) => {
      const parent = el.parentElement;
      if (!parent || el.tagName !== 'A') return false;
      const text = Array.from(parent.childNodes)
        .filter((n) => n !== el && n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      return text.length > 0;
    };
    const tapBox = (el: Element): DOMRect => {
      let box = el.getBoundingClientRect();
      const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null);
      // An input inside a pills field or a picker: a tap anywhere on the field's box focuses it.
      const wrapper = el.parentElement?.closest(
        'button, a[href], [role="button"], [role="option"], [role="menuitem"], [role="tab"], .mantine-Input-wrapper',
      );
      for (const outer of [label, wrapper]) {
        if (!outer) continue;
        const b = outer.getBoundingClientRect();
        if (b.width * b.height > box.width * box.height) box = b;
      }
      return box;
    };
    const small: string[] = [];
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A transparent or collapsed input (a segmented control's radio) is tapped through its label.
      const labelled =
        el.tagName === 'INPUT' && (el.closest('label') || (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`)));
      const own = el.getBoundingClientRect();
      if (!labelled && (own.width < 2 || own.height < 2 || Number(style.opacity) === 0)) continue;
      if ((el as HTMLElement).closest('[aria-hidden="true"], [inert], [data-tap-exempt]')) continue;
      if (inRunningText(el)) continue;
      const box = tapBox(el);
      if (box.width < 2 || box.height < 2) continue;
      if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
      const role = el.getAttribute('role') ?? el.tagName.toLowerCase() + (el.getAttribute('type') ? `[${el.getAttribute('type')}]` : '');
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      small.push(`${role} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return small;
  }, minimum);
}
