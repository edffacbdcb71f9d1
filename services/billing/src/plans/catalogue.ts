/**
 * The plans a store can subscribe to (docs/product/billing.md). They seed billing's plans collection; the
 * card provider's product and price ids are filled in from its answers when they are first created.
 */
export const PLAN_CATALOGUE = [
  { key: 'standard', name: 'Standard', price: 2999, sort: 1 },
  { key: 'premium', name: 'Premium', price: 4999, sort: 2 },
] as const;
