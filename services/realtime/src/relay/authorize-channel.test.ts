import type { StoreAccess } from '@turnbook/domain';
import { verifyToken, type Caller } from '@turnbook/service-kit';
import { testKeys } from '@turnbook/test-kit';
import { authorizeChannel } from './authorize-channel';

const none: StoreAccess = { isSuperAdmin: false, isOwner: false, staffRole: null, isStoreLogin: false };
/** A read model where user 8 is staff of store 42 and user 9 has role 'none' there. */
const memberships = {
  accessFor: async (caller: Caller, storeId: number): Promise<StoreAccess | null> => {
    if (storeId !== 42) return null;
    if (caller.kind === 'kiosk') return { ...none, isKiosk: caller.storeId === 42 };
    if (caller.userId === 8) return { ...none, staffRole: 'staff' };
    if (caller.userId === 9) return { ...none, staffRole: 'none' };
    return none;
  },
};
const user = (userId: number, role = 'professional', phone?: string): Caller => ({ kind: 'user', userId, role, ...(phone ? { phone } : {}) });

describe('authorizeChannel', () => {
  it.each([
    ['version', undefined, true],
    ['store:42:appointment', user(8), true],
    ['store:42:logs', user(8), true],
    ['store:42:appointment', user(9), false], // role none is not a member
    ['store:42:appointment', user(10), false],
    ['store:43:appointment', user(8), false], // unknown store
    ['store:42:appointment', undefined, false],
    ['store:42:calendar', user(8), false], // not a channel
    ['store:042:appointment', user(8), false], // not the canonical name events use
    ['customer:5551234567:online-request', user(20, 'customer', '5551234567'), true],
    ['customer:5551234567:online-request', user(20, 'customer', '5550000000'), false],
    ['customer:5551234567:online-request', user(20, 'professional', '5551234567'), false],
    ['customer:5551234567:online-request', { kind: 'store', role: 'store', storeId: 42 } as Caller, false],
    ['customer:5551234567:online-request', undefined, false],
    ['customer:555123456:online-request', user(20, 'customer', '555123456'), false],
  ])('%s for %j → %s', async (channel, caller, ok) => {
    expect((await authorizeChannel(channel, caller, memberships)).ok).toBe(ok);
  });
});

describe('authorizeChannel: the kiosk', () => {
  const kiosk = (storeId: number): Caller => ({ kind: 'kiosk', role: 'kiosk', storeId });

  it("when the store's kiosk joins its queue notices, then it may; every other channel of the store is refused", async () => {
    expect((await authorizeChannel('store:42:queue', kiosk(42), memberships)).ok).toBe(true);
    for (const name of ['appointment', 'online-appointment', 'online-request', 'sheet', 'logs']) {
      expect([name, (await authorizeChannel(`store:42:${name}`, kiosk(42), memberships)).ok]).toEqual([name, false]);
    }
  });

  it("when another store's kiosk asks for the queue, then it is refused; members may join the queue too", async () => {
    expect((await authorizeChannel('store:42:queue', kiosk(43), memberships)).ok).toBe(false);
    expect((await authorizeChannel('store:42:queue', user(8), memberships)).ok).toBe(true);
  });
});

describe('the customer channel and phone verification', () => {
  const keys = testKeys();
  const channel = 'customer:5551234567:online-request';

  it("when a customer's token carries a phone that was never verified, then the customer channel of that phone is refused", async () => {
    const caller = await verifyToken(keys.userWithUnverifiedPhone(20, '5551234567'), keys.source);
    expect(caller.phone).toBeUndefined();
    expect(await authorizeChannel(channel, caller, memberships)).toEqual({ ok: false, message: 'You do not have access to this channel' });
  });

  it("when the customer's token carries the verified phone, then they may join its channel", async () => {
    const caller = await verifyToken(keys.user(20, 'customer', '5551234567'), keys.source);
    expect((await authorizeChannel(channel, caller, memberships)).ok).toBe(true);
  });
});
