import { MESSAGES, type RouteKey } from '@turnbook/contracts';
import { addressKey, type Handlers, type SyncedWindowCounts } from '@turnbook/service-kit';

/** The booking page's reads: open to anyone, so counted per client address (docs/product/guest-booking.md). */
export const PUBLIC_READS = [
  'GET public_getStoreByPermalink/{permalink}',
  'GET public_getKioskManifest/{permalink}',
  'GET public_getStaffsByStoreId/{storeId}',
  'GET public_getExternalServicesByStoreId/{storeId}',
  'GET public_getAppointmentsByStoreIdAndDate/{storeId}/{date}',
  'GET availability/{storeId}/{date}',
  'GET availabilityDays/{storeId}/{date}',
] as const satisfies readonly RouteKey[];

/**
 * Wraps the public reads so each call is counted under its client address before it is read. The count is
 * kept in memory and shared between instances at intervals (SyncedWindowCounts), so a read within the
 * limit waits for nothing, and a read past it costs nothing more: 429 `rateLimited` with the wait.
 */
export function limitPublicReads(handlers: Handlers, counts: Pick<SyncedWindowCounts, 'take'>, perAddress: number): Handlers {
  const out: Record<string, unknown> = { ...handlers };
  for (const key of PUBLIC_READS) {
    const read = handlers[key] as ((input: { ip?: string }) => Promise<unknown>) | undefined;
    if (!read) continue;
    out[key] = async (input: { ip?: string }) => {
      await counts.take([[addressKey('read', input.ip), perAddress]], MESSAGES.tooManyGuestRequests);
      return read(input);
    };
  }
  return out as Handlers;
}
