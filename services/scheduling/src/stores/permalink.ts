import { permalinkOf } from '@turnbook/domain';

/** A store's first permalink, from its name: URL-safe, never empty (see @turnbook/domain permalinkOf). */
export const basePermalink = (name: string): string => permalinkOf(name);

/** The first of base, base-2, base-3, ... that is not taken. */
export function nextFreePermalink(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Whether a permalink a client sent names the one the store already has: the same, or its base when the
 * store got a `-N` suffix at creation (the spec's client always resends the permalink derived from the
 * name, so 'twin-spa' for the store 'twin-spa-2' is no change).
 */
export function isCurrentPermalink(sent: string, current: string): boolean {
  if (sent === current) return true;
  return current.startsWith(`${sent}-`) && /^\d+$/.test(current.slice(sent.length + 1));
}
