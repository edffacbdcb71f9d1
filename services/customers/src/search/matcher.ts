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

/** Where a term is in a field: 0 at the start, 1 inside, -1 not at all. */
function hit(field: string, term: string): number {
  const at = field.indexOf(term);
  return at < 0 ? -1 : at === 0 ? 0 : 1;
}

/** The better of two hits (-1 is none). */
const better = (a: number, b: number) => (a < 0 ? b : b < 0 ? a : Math.min(a, b));

/** Each word of the key with its phone digits, worked out once per search rather than per customer. */
const prepared = new WeakMap<SearchQuery, Array<{ word: string; digits: string }>>();
function wordsOf(q: SearchQuery) {
  let words = prepared.get(q);
  if (!words) {
    words = q.any.map((word) => ({ word, digits: phoneDigits(word) }));
    prepared.set(q, words);
  }
  return words;
}

/** 0 when every term matches at the start of a field, 1 when some only match inside, -1 for no match. */
export function rank(c: Searchable, q: SearchQuery): number {
  const fname = c.fname ?? '';
  const lname = c.lname ?? '';
  const email = c.email ?? '';
  const phone = c.phone ?? '';
  let worst = 0;
  for (const { word, digits } of wordsOf(q)) {
    let best = better(better(hit(fname, word), hit(lname, word)), hit(email, word));
    if (digits) best = better(best, hit(phone, digits));
    if (best < 0) return -1;
    worst = Math.max(worst, best);
  }
  for (const [field, term] of [[fname, q.fname], [lname, q.lname], [phone, q.phone]] as const) {
    if (term === undefined) continue;
    const h = hit(field, term);
    if (h < 0) return -1;
    worst = Math.max(worst, h);
  }
  return worst;
}

/** Best matches first (prefix before inside), then by name and id; at most `limit`. */
/** The same order as `localeCompare`, several times faster when reused over thousands of hits. */
const collator = new Intl.Collator();
const PLAIN = /^[a-z0-9]*$/;
/** Lowercase letters and digits sort by code point in every collation: skip the collator for them (most names). */
const compareText = (a: string, b: string) => (PLAIN.test(a) && PLAIN.test(b) ? (a < b ? -1 : a > b ? 1 : 0) : collator.compare(a, b));

/** The order of equally good matches: first name, last name, id. */
export function nameOrder(a: Searchable & { _id: number }, b: Searchable & { _id: number }): number {
  return compareText(a.fname ?? '', b.fname ?? '') || compareText(a.lname ?? '', b.lname ?? '') || a._id - b._id;
}

export function pickMatches<T extends Searchable & { _id: number }>(candidates: Iterable<T>, q: SearchQuery, limit: number): T[] {
  type Hit = { c: T; r: number };
  const order = (a: Hit, b: Hit) => a.r - b.r || nameOrder(a.c, b.c);
  // The best `limit` so far, in order: most hits of a big store are worse than the last kept and cost one comparison.
  const top: Hit[] = [];
  for (const c of candidates) {
    const r = rank(c, q);
    if (r < 0) continue;
    const hit = { c, r };
    if (top.length === limit && order(hit, top[limit - 1]) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order(top[mid], hit) <= 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, hit);
    if (top.length > limit) top.pop();
  }
  return top.map((h) => h.c);
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

/** A customer ready for scanning: its searchable fields joined, so most customers are ruled out by one `includes` per term. */
export interface Prepared<T> {
  c: T;
  hay: string;
}

export function prepare<T extends Searchable>(c: T): Prepared<T> {
  return { c, hay: `${c.fname ?? ''}\u0000${c.lname ?? ''}\u0000${c.email ?? ''}\u0000${c.phone ?? ''}` };
}

/** Every term must occur somewhere in the joined fields (a cheap necessary condition for `rank` >= 0). */
function mayMatch(hay: string, q: SearchQuery): boolean {
  for (const { word, digits } of wordsOf(q)) {
    if (!hay.includes(word) && !(digits && hay.includes(digits))) return false;
  }
  for (const term of [q.fname, q.lname, q.phone]) if (term !== undefined && !hay.includes(term)) return false;
  return true;
}

/**
 * `pickMatches` over customers already in `nameOrder`: the same answer, but the scan stops once `limit`
 * prefix matches are found (nothing after them can rank higher), and most customers cost one `includes`.
 */
export function pickSorted<T extends Searchable & { _id: number }>(sorted: Iterable<Prepared<T>>, q: SearchQuery, limit: number, keep?: (c: T) => boolean): T[] {
  const prefix: T[] = [];
  const inside: T[] = [];
  for (const { c, hay } of sorted) {
    if (keep && !keep(c)) continue;
    if (!mayMatch(hay, q)) continue;
    // Once `limit` inside matches are kept, only prefix matches can still change the answer.
    const r = inside.length < limit ? rank(c, q) : startsAll(c, q) ? 0 : -1;
    if (r === 0) {
      prefix.push(c);
      if (prefix.length === limit) break;
    } else if (r === 1) inside.push(c);
  }
  return [...prefix, ...inside].slice(0, limit);
}

/** Whether every term matches at the start of a field (`rank` 0), without looking inside the fields. */
function startsAll(c: Searchable, q: SearchQuery): boolean {
  const fname = c.fname ?? '';
  const lname = c.lname ?? '';
  const email = c.email ?? '';
  const phone = c.phone ?? '';
  for (const { word, digits } of wordsOf(q)) {
    if (!fname.startsWith(word) && !lname.startsWith(word) && !email.startsWith(word) && !(digits && phone.startsWith(digits))) return false;
  }
  if (q.fname !== undefined && !fname.startsWith(q.fname)) return false;
  if (q.lname !== undefined && !lname.startsWith(q.lname)) return false;
  if (q.phone !== undefined && !phone.startsWith(q.phone)) return false;
  return true;
}

/**
 * What each term of the query may be found as, e.g. a word and its phone digits: a customer matches only
 * if, for every term, one of its alternatives occurs in one field.
 */
export function alternativesOf(q: SearchQuery): string[][] {
  const terms = wordsOf(q).map(({ word, digits }) => (digits && digits !== word ? [word, digits] : [word]));
  for (const term of [q.fname, q.lname, q.phone]) if (term !== undefined) terms.push([term]);
  return terms;
}

/** The three-character pieces of each searchable field (a piece never spans two fields). */
export function gramsOf(c: Searchable): Set<string> {
  const grams = new Set<string>();
  for (const field of [c.fname, c.lname, c.email, c.phone]) {
    if (!field) continue;
    for (let i = 0; i + 3 <= field.length; i++) grams.add(field.slice(i, i + 3));
  }
  return grams;
}
