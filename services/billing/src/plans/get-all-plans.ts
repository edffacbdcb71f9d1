import type { ResponseOf } from '@turnbook/contracts';
import type { PlansRepository } from './repository';

/** getAllPlans: the plans one can subscribe to (those the card provider knows), cheapest first. */
export async function getAllPlans(deps: { plans: PlansRepository }): Promise<ResponseOf<'GET getAllPlans'>> {
  const plans = await deps.plans.all();
  return {
    products: plans.filter((p) => p.priceId).map((p) => ({ id: p.priceId!, product_name: p.name, price: p.price, interval: 'month' as const })),
  };
}
