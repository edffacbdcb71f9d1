/**
 * How a store counts turns (docs/product/statuses.md). The defaults are the spec's rule: a check-in moves
 * the staff member to the end of the day's list, every check-in counts, 'suggest next' skips nobody.
 */
export interface TurnPolicy {
  /** 'spec': the order check-ins and manual moves leave; 'fair': fewest turns first, ties in that order */
  rotation: 'spec' | 'fair';
  /** services cheaper than this together (cents) make a half turn; two halves make one; null: no halves */
  halfTurnBelowCents: number | null;
  /** a check-in of a booked appointment counts as a turn */
  countAppointments: boolean;
  /** a check-in of a walk-in who asked for that staff member counts as a turn */
  countRequested: boolean;
  /** 'suggest next' passes over staff busy now */
  skipBusy: boolean;
  /** 'suggest next' passes over staff who do not do the services asked for */
  skipUnskilled: boolean;
}

export const DEFAULT_TURN_POLICY: Readonly<TurnPolicy> = Object.freeze({
  rotation: 'spec',
  halfTurnBelowCents: null,
  countAppointments: true,
  countRequested: true,
  skipBusy: false,
  skipUnskilled: false,
});

/** What one check-in counts in the turns: a full turn, a half turn, or nothing. */
export type TurnWeight = 1 | 0.5 | 0;

export interface CheckInFacts {
  /** the services' prices together, in cents */
  priceCents: number;
  /** the sheet stands for a booked appointment (not a walk-in) */
  isAppointment: boolean;
  /** the walk-in asked for the staff member who serves them */
  isRequested: boolean;
}

/** What a check-in counts under a policy: not counted (appointments, requests when off), half or full. */
export function turnWeight(policy: TurnPolicy, facts: CheckInFacts): TurnWeight {
  if (facts.isAppointment && !policy.countAppointments) return 0;
  if (facts.isRequested && !policy.countRequested) return 0;
  if (policy.halfTurnBelowCents != null && facts.priceCents < policy.halfTurnBelowCents) return 0.5;
  return 1;
}
