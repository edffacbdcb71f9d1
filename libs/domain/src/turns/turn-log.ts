import type { TurnPolicy, TurnWeight } from './policy';

/**
 * One change of a store's day of turns, as the append-only log keeps it (docs/product/statuses.md). The
 * list is never stored: it is folded from these, so two check-ins at once are two entries and neither is
 * lost.
 */
export type TurnLogEntry =
  | { seq: number; kind: 'created'; order: string[] }
  | { seq: number; kind: 'reorder'; order: string[] }
  | { seq: number; kind: 'checkin'; name: string; weight: TurnWeight }
  /** takes back the check-in with seq `undoes` (a sheet's staff member changed on Update) */
  | { seq: number; kind: 'undo-checkin'; undoes: number };

export interface TurnStandingItem {
  name: string;
  /** turns taken today: full turns count 1, half turns 0.5 */
  turns: number;
}

export interface TurnState {
  /** the turn order, first up first */
  order: string[];
  /** every name in the order with its turns, in list order */
  standing: TurnStandingItem[];
}

const unique = (names: string[]) => [...new Set(names.map((n) => n.trim()).filter(Boolean))];

class Fold {
  private list: string[] = [];
  private readonly turns = new Map<string, number>();
  /** half turns not yet making a whole one */
  private readonly halves = new Map<string, number>();

  constructor(private readonly policy: Pick<TurnPolicy, 'rotation'>) {}

  apply(e: TurnLogEntry, undone: Set<number>): void {
    switch (e.kind) {
      case 'created':
        // The day's first order; a check-in that raced ahead of it (another desk made the day at the same
        // moment) keeps its place after the names given.
        this.list = unique([...e.order, ...this.list]);
        return;
      case 'reorder':
        this.list = unique(e.order);
        return;
      case 'checkin': {
        if (undone.has(e.seq)) return;
        const name = e.name.trim();
        if (!name) return;
        this.turns.set(name, (this.turns.get(name) ?? 0) + e.weight);
        const known = this.list.includes(name);
        let move = !known;
        if (e.weight === 1) move = true;
        if (e.weight === 0.5) {
          const half = (this.halves.get(name) ?? 0) + 0.5;
          this.halves.set(name, half >= 1 ? half - 1 : half);
          if (half >= 1) move = true;
        }
        if (move) this.list = [...this.list.filter((n) => n !== name), name];
        return;
      }
      case 'undo-checkin':
        return;
    }
  }

  state(): TurnState {
    let order = this.list;
    if (this.policy.rotation === 'fair') {
      // Stable: equal turns keep the list's order (check-ins and manual moves decide ties).
      order = order.map((name, i) => ({ name, i, turns: this.turns.get(name) ?? 0 })).sort((a, b) => a.turns - b.turns || a.i - b.i).map((x) => x.name);
    }
    return { order, standing: order.map((name) => ({ name, turns: this.turns.get(name) ?? 0 })) };
  }
}

const bySeq = (entries: readonly TurnLogEntry[]) => [...entries].sort((a, b) => a.seq - b.seq);
const undoneOf = (entries: readonly TurnLogEntry[]) => new Set(entries.flatMap((e) => (e.kind === 'undo-checkin' ? [e.undoes] : [])));

/** The day's turn list under the store's policy, folded from its log. */
export function deriveTurns(entries: readonly TurnLogEntry[], policy: Pick<TurnPolicy, 'rotation'>): TurnState {
  const fold = new Fold(policy);
  const undone = undoneOf(entries);
  for (const e of bySeq(entries)) fold.apply(e, undone);
  return fold.state();
}

/**
 * The order after each entry, for the audit trail. An undone check-in shows as it happened (the order
 * then); from its undo on, the order is as if it never counted.
 */
export function turnOrders(entries: readonly TurnLogEntry[], policy: Pick<TurnPolicy, 'rotation'>): Map<number, string[]> {
  const sorted = bySeq(entries);
  const out = new Map<number, string[]>();
  for (let i = 0; i < sorted.length; i++) {
    const seen = sorted.slice(0, i + 1);
    out.set(sorted[i].seq, deriveTurns(seen, policy).order);
  }
  return out;
}
