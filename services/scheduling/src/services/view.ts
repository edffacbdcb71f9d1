import { isServiceIcon, type ServiceView } from '@turnbook/contracts/schemas/scheduling';
import type { ServiceDoc } from './model';

/**
 * Price is stored in integer cents and answered in dollars (`price`) as the screens show it. The wire's
 * dollars have at most two decimals (the schema refuses more), so this only removes float noise.
 */
export const centsOf = (dollars: number) => Math.round(dollars * 100);
export const dollarsOf = (cents: number) => Math.round(cents) / 100;

export function serviceView(s: ServiceDoc): ServiceView {
  return {
    id: s._id,
    storeId: s.storeId,
    name: s.name,
    duration: s.duration,
    price: dollarsOf(s.priceCents ?? 0),
    priceCents: s.priceCents ?? 0,
    color: s.color,
    // An icon stored before icons were limited to our set (an image path or URL) is never handed out.
    icon: isServiceIcon(s.icon) ? s.icon : '',
    type: s.type,
    status: s.status,
    sortIndex: s.sortIndex,
  };
}
