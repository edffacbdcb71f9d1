import { alternativesOf, gramsOf, type SearchQuery } from './matcher';

type Searchable = Parameters<typeof gramsOf>[0] & { _id: number };

/**
 * One store's customer ids by the three-character pieces of their fields. A customer that matches a term
 * of at least three characters has every piece of it in one field, so the ids under the term's rarest
 * piece are a superset of its matches: a search ranks those instead of every customer of the store.
 */
export class GramPostings {
  private readonly ids = new Map<string, number[]>();

  add(c: Searchable): void {
    for (const g of gramsOf(c)) {
      const list = this.ids.get(g);
      if (list) list.push(c._id);
      else this.ids.set(g, [c._id]);
    }
  }

  remove(c: Searchable): void {
    for (const g of gramsOf(c)) {
      const list = this.ids.get(g);
      if (!list) continue;
      const at = list.indexOf(c._id);
      if (at >= 0) list.splice(at, 1);
      if (!list.length) this.ids.delete(g);
    }
  }

  /**
   * Ids that may match `q` (every match is among them), from its most selective term; undefined when no
   * term narrows the search to at most `max` ids (e.g. every term has an alternative shorter than three
   * characters).
   */
  candidates(q: SearchQuery, max = Infinity): number[] | undefined {
    let best: number[][] | undefined;
    let bestSize = Infinity;
    for (const alternatives of alternativesOf(q)) {
      if (alternatives.some((a) => a.length < 3)) continue;
      const lists = alternatives.map((a) => this.rarest(a));
      const size = lists.reduce((n, l) => n + l.length, 0);
      if (size < bestSize) {
        best = lists;
        bestSize = size;
      }
    }
    if (!best || bestSize > max) return undefined;
    return best.length === 1 ? best[0] : [...new Set(best.flat())];
  }

  private rarest(term: string): number[] {
    let rarest: number[] | undefined;
    for (let i = 0; i + 3 <= term.length; i++) {
      const list = this.ids.get(term.slice(i, i + 3)) ?? [];
      if (!rarest || list.length < rarest.length) rarest = list;
      if (!rarest.length) break;
    }
    return rarest ?? [];
  }
}
