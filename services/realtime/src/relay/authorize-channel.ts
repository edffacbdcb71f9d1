import { KIOSK_CHANNELS, parseChannel } from '@turnbook/contracts';
import { isMember } from '@turnbook/domain';
import type { Caller, Memberships } from '@turnbook/service-kit';

export type ChannelDecision = { ok: true } | { ok: false; message: string };

const deny = (message: string): ChannelDecision => ({ ok: false, message });

/**
 * Who may join a channel: `version` anyone; `store:<id>:<name>` members of that store
 * (owner, staff, the front desk, super admin), and the store's kiosk its queue notices only;
 * `customer:<phone>:online-request` only the customer whose token carries that phone as verified
 * (service-kit's verifyToken drops an unverified one).
 */
export async function authorizeChannel(
  channel: string,
  caller: Caller | undefined,
  memberships: Pick<Memberships, 'accessFor'>,
): Promise<ChannelDecision> {
  const ref = parseChannel(channel);
  if (!ref) return deny('Unknown channel');
  switch (ref.kind) {
    case 'version':
      return { ok: true };
    case 'store': {
      if (!caller) return deny('Sign in to subscribe to this channel');
      const access = await memberships.accessFor(caller, ref.storeId);
      if (access && isMember(access)) return { ok: true };
      return access?.isKiosk && KIOSK_CHANNELS.includes(ref.name) ? { ok: true } : deny('You do not have access to this channel');
    }
    case 'customer':
      if (!caller) return deny('Sign in to subscribe to this channel');
      return caller.kind === 'user' && caller.role === 'customer' && caller.phone === ref.phone
        ? { ok: true }
        : deny('You do not have access to this channel');
  }
}
