import { formatTime12 } from '../hours/time12';
import type { TurnPolicy } from './policy';

/** A staff member working today, as the turns know them. */
export interface WorkingStaff {
  id: number;
  /** the name the turn list holds (nickname or first name) */
  name: string;
  /** the service ids they do; empty: every service */
  serviceIds: readonly number[];
  /** when their current appointments end (minutes since local midnight), null when free now */
  busyUntil: number | null;
}

export interface Suggestion {
  staffId: number;
  name: string;
  reason: string;
}

export interface SuggestInput {
  policy: Pick<TurnPolicy, 'rotation' | 'skipBusy' | 'skipUnskilled'>;
  /** the day's derived turn order (names) */
  order: readonly string[];
  /** turns taken by name (the 'fair' rotation puts newcomers, with 0, first) */
  turns?: ReadonlyMap<string, number>;
  /** working staff in the store's staff order */
  staff: readonly WorkingStaff[];
  /** the services the walk-in asked for (none: any) */
  serviceIds: readonly number[];
  /** service names for the reasons */
  serviceNames?: ReadonlyMap<number, string>;
}

/**
 * Who is next for a walk-in: staff without a turn yet today first (in the store's staff order), then the
 * turn list's order; the policy may pass over those busy now or who do not do the services asked for.
 */
export function suggestNext(input: SuggestInput): { suggestions: Suggestion[]; skipped: Suggestion[] } {
  const position = new Map(input.order.map((name, i) => [name, i]));
  const fresh = input.staff.filter((s) => !position.has(s.name));
  const listed = input.staff.filter((s) => position.has(s.name)).sort((a, b) => position.get(a.name)! - position.get(b.name)!);
  let ordered = [...fresh, ...listed];
  if (input.policy.rotation === 'fair') {
    const turns = (s: WorkingStaff) => input.turns?.get(s.name) ?? 0;
    ordered = ordered.map((s, i) => ({ s, i })).sort((a, b) => turns(a.s) - turns(b.s) || a.i - b.i).map((x) => x.s);
  }
  const suggestions: Suggestion[] = [];
  const skipped: Suggestion[] = [];
  for (const s of ordered) {
    const missing = s.serviceIds.length ? input.serviceIds.filter((id) => !s.serviceIds.includes(id)) : [];
    if (input.policy.skipUnskilled && missing.length) {
      const names = missing.map((id) => input.serviceNames?.get(id) ?? `service ${id}`);
      skipped.push({ staffId: s.id, name: s.name, reason: `does not do ${names.join(', ')}` });
      continue;
    }
    if (input.policy.skipBusy && s.busyUntil != null) {
      skipped.push({ staffId: s.id, name: s.name, reason: `busy until ${formatTime12(s.busyUntil)}` });
      continue;
    }
    const reason = position.has(s.name) ? `#${position.get(s.name)! + 1} in turn` : 'no turn yet today';
    suggestions.push({ staffId: s.id, name: s.name, reason });
  }
  return { suggestions, skipped };
}

/** Live time of one staff member on the day: appointments that hold them (not cancelled, not requests on 8888). */
export interface BusyInterval {
  startMin: number;
  endMin: number;
}

/**
 * When a staff member is free again, from now: the end of the appointment they are in, followed by any that
 * start before it ends (back to back). Null when free now.
 */
export function busyUntil(intervals: readonly BusyInterval[], nowMin: number): number | null {
  const sorted = [...intervals].filter((i) => i.endMin > nowMin).sort((a, b) => a.startMin - b.startMin);
  let until: number | null = null;
  for (const i of sorted) {
    const from = until ?? nowMin;
    if (i.startMin > from) break;
    until = Math.max(until ?? nowMin, i.endMin);
  }
  return until;
}
