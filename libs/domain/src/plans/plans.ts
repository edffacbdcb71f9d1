/**
 * The plans a store can choose, the one source of their names, prices and contents: billing seeds its
 * plans (and the card provider's prices) from it, the home page and /subscription show it
 * (docs/product/billing.md, "Plans").
 */

/** At most this many real staff (not TBD, not archived) and a store is free. */
export const FREE_TIER_MAX_STAFF = 3;

export interface PaidPlan {
  /** our key; billing's plans are kept under it */
  key: string;
  name: string;
  /** cents per month */
  price: number;
  sort: number;
  /** what the plan includes besides everything every plan has */
  includes: readonly string[];
}

/** What every plan has, the free one included. */
export const EVERY_PLAN_INCLUDES = ['Calendar and booking wizard', 'Online booking page', 'Kiosk sign-in and turns', 'Text reminders', 'Reports'] as const;

export const FREE_PLAN = { name: 'Free', price: 0, includes: [`Up to ${FREE_TIER_MAX_STAFF} staff`] } as const;

export const PAID_PLANS: readonly PaidPlan[] = [
  { key: 'standard', name: 'Standard', price: 2999, sort: 1, includes: ['Any number of staff', 'Email support'] },
  { key: 'premium', name: 'Premium', price: 4999, sort: 2, includes: ['Any number of staff', 'Priority phone support', 'Help moving your data in'] },
];

/** A paid plan by its name as billing answers it (`product_name`). */
export const paidPlanNamed = (name: string): PaidPlan | undefined => PAID_PLANS.find((p) => p.name === name);

/** Whether adding one more real staff member to a store of `realStaff` ends its free tier. */
export const endsFreeTier = (realStaff: number): boolean => realStaff + 1 > FREE_TIER_MAX_STAFF && realStaff <= FREE_TIER_MAX_STAFF;

/** Cents as dollars per month, for plan prices: 2999 → '$29.99'. */
export const planPrice = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
