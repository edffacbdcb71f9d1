import { PAID_PLANS } from '@turnbook/domain';

/**
 * The plans a store can subscribe to, from @turnbook/domain (the one source the screens show too). They
 * seed billing's plans collection; the card provider's product and price ids are filled in from its
 * answers when they are first created.
 */
export const PLAN_CATALOGUE = PAID_PLANS.map(({ key, name, price, sort }) => ({ key, name, price, sort }));
