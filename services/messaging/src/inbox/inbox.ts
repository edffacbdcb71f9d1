import type { messaging } from '@turnbook/contracts';
import type { z } from 'zod';
import type { TextReadModels } from '../texts/read-models';
import type { InboxRepository } from './repository';

export interface InboxDeps {
  inbox: Pick<InboxRepository, 'latest'>;
  views: Pick<TextReadModels, 'customersByPhones'>;
  /** the number the store's texts come from (its own, else the platform's) */
  senderOf: (storeId: number) => Promise<string>;
}

type InboxResponse = z.infer<typeof messaging.InboxResponse>;

/**
 * getAllMessagesByStorePhoneNumber: the replies to the store, grouped by customer (by phone) with the
 * group whose last reply is newest first, and newest first inside a group; each names the store's
 * customer with that phone when there is one.
 */
export async function readInbox(deps: InboxDeps, storeId: number): Promise<InboxResponse> {
  const [items, originator] = await Promise.all([deps.inbox.latest(storeId), deps.senderOf(storeId)]);
  const phones = [...new Set(items.map((i) => i.from))];
  const customers = phones.length ? await deps.views.customersByPhones(storeId, phones) : [];
  const byPhone = new Map<string, (typeof customers)[number]>();
  // Two customers with one phone: the lower id (the older record) names the sender.
  for (const c of [...customers].sort((a, b) => a._id - b._id)) if (c.phone && !byPhone.has(c.phone)) byPhone.set(c.phone, c);
  const groups = new Map<string, typeof items>();
  for (const i of items) groups.set(i.from, [...(groups.get(i.from) ?? []), i]);
  const ordered = [...groups.values()].flat();
  return {
    response: {
      originator: originator.replace(/^\+/, ''),
      items: ordered.map((i) => {
        const c = byPhone.get(i.from);
        return {
          id: i._id,
          customerId: c?._id ?? null,
          customer: c ? `${c.fname} ${c.lname}`.trim() : null,
          originator: `1${i.from}`,
          body: i.body,
          createdDatetime: i.receivedAt.toISOString(),
        };
      }),
    },
    customers: [...byPhone.values()].map((c) => ({ id: c._id, fname: c.fname, lname: c.lname, phone: c.phone })),
  };
}
