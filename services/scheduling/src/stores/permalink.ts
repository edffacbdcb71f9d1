import { permalinkOf } from '@turnbook/domain';

/**
 * The spec's permalink (lower-cased name, spaces to hyphens) minus the characters that would break a URL
 * path (/ ? # % \), which the spec does not mention but a name may contain.
 */
export function basePermalink(name: string): string {
  const p = permalinkOf(name).replace(/[/?#%\\]+/g, '').replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '');
  return p || 'store';
}

/** The first of base, base-2, base-3, ... that is not taken. */
export function nextFreePermalink(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
