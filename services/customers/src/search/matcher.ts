import { digitsOnly } from '@turnbook/domain';
import type { CustomerDoc } from '../customers/repository';

/**
 * What a search asks for, already lowercased. Every term must match (AND); a term matches a field by
 * plain substring, so regex metacharacters are just characters here.
 * - `any`: searchCustomer's key split into words; each word may match fname, lname, email or phone.
 * - `fname`/`lname`/`phone`: searchCustomerByNameAndPhone's parts, each against its own field.
 */
export interface SearchQuery {
  any: string[];
  fname?: string;
  lname?: string;
  phone?: string;
}

const PHONE_LIKE = /^[\d\s()+.-]+$/;

/** A key that is all phone characters, e.g. '(555) 123', is one phone term; otherwise one term per word. */
export function keyQuery(key: string): SearchQuery {
  const k = key.trim().toLowerCase();
  if (PHONE_LIKE.test(k)) return { any: [k] };
  return { any: k.split(/\s+/).filter(Boolean) };
}

export function nameAndPhoneQuery(parts: { fname: string; lname: string; phone: string }): SearchQuery {
  const q: SearchQuery = { any: [] };
  if (parts.fname) q.fname = parts.fname.toLowerCase();
  if (parts.lname) q.lname = parts.lname.toLowerCase();
  const digits = digitsOnly(parts.phone);
  if (digits) q.phone = digits;
  return q;
}

export function isEmptyQuery(q: SearchQuery): boolean {
  return !q.any.length && !q.fname && !q.lname && !q.phone;
}

/** Digits of a word that looks like (part of) a phone number, else ''. */
function phoneDigits(word: string): string {
  return PHONE_LIKE.test(word) ? digitsOnly(word) : '';
}

type Searchable = Pick<CustomerDoc, 'fname' | 'lname' | 'email' | 'phone'>;

/** 0 when every term matches at the start of a field, 1 when some only match inside, -1 for no match. */
export function rank(c: Searchable, q: SearchQuery): number {
  const fname = c.fname ?? '';
  const lname = c.lname ?? '';
  const email = c.email ?? '';
  const phone = c.phone ?? '';
  let worst = 0;
  const hit = (field: string, term: string): number => {
    const at = field.indexOf(term);
    return at < 0 ? -1 : at === 0 ? 0 : 1;
  };
  const term = (scores: number[]): boolean => {
    const found = scores.filter((s) => s >= 0);
    if (!found.length) return false;
    worst = Math.max(worst, Math.min(...found));
    return true;
  };
  for (const word of q.any) {
    const digits = phoneDigits(word);
    const scores = [hit(fname, word), hit(lname, word), hit(email, word)];
    if (digits) scores.push(hit(phone, digits));
    if (!term(scores)) return -1;
  }
  if (q.fname !== undefined && !term([hit(fname, q.fname)])) return -1;
  if (q.lname !== undefined && !term([hit(lname, q.lname)])) return -1;
  if (q.phone !== undefined && !term([hit(phone, q.phone)])) return -1;
  return worst;
}

/** Best matches first (prefix before inside), then by name and id; at most `limit`. */
export function pickMatches<T extends Searchable & { _id: number }>(candidates: Iterable<T>, q: SearchQuery, limit: number): T[] {
  const hits: Array<{ c: T; r: number }> = [];
  for (const c of candidates) {
    const r = rank(c, q);
    if (r >= 0) hits.push({ c, r });
  }
  hits.sort(
    (a, b) =>
      a.r - b.r ||
      (a.c.fname ?? '').localeCompare(b.c.fname ?? '') ||
      (a.c.lname ?? '').localeCompare(b.c.lname ?? '') ||
      a.c._id - b.c._id,
  );
  return hits.slice(0, limit).map((h) => h.c);
}

/** Escapes everything RE2 (FerretDB) and PCRE (MongoDB) treat specially, as Go's regexp.QuoteMeta does. */
export function escapeRegex(text: string): string {
  return text.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}

/**
 * The same query as a database filter (the database path, CUSTOMER_SEARCH_INDEX=off). Substring regexes
 * of escaped text; stored fields are lowercase already, so no case-insensitive flag is needed.
 */
export function toFilter(q: SearchQuery): Record<string, unknown> {
  const contains = (t: string) => ({ $regex: escapeRegex(t) });
  const and: Record<string, unknown>[] = [];
  for (const word of q.any) {
    const or: Record<string, unknown>[] = [{ fname: contains(word) }, { lname: contains(word) }, { email: contains(word) }];
    const digits = phoneDigits(word);
    if (digits) or.push({ phone: contains(digits) });
    and.push({ $or: or });
  }
  if (q.fname !== undefined) and.push({ fname: contains(q.fname) });
  if (q.lname !== undefined) and.push({ lname: contains(q.lname) });
  if (q.phone !== undefined) and.push({ phone: contains(q.phone) });
  return and.length ? { $and: and } : {};
}
