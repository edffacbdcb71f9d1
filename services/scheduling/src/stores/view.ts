import type { PublicStoreView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { closedWeek, DEFAULT_TIME_ZONE } from '@turnbook/domain';
import type { StoreDoc } from './model';

const iso = (d: Date | undefined) => (d ? new Date(d).toISOString() : '');

export function settingsOf(s: Partial<StoreDoc['settings']> | undefined): StoreView['settings'] {
  return { turnsBlock: !!s?.turnsBlock, cancelAndText: !!s?.cancelAndText, autoTextOnApprove: !!s?.autoTextOnApprove };
}

export function storeView(s: StoreDoc): StoreView {
  return {
    id: s._id,
    name: s.name,
    street: s.street,
    address2: s.address2 ?? '',
    city: s.city,
    state: s.state,
    zip: s.zip,
    email: s.email,
    phone: s.phone,
    permalink: s.permalink,
    username: s.username,
    ownerId: s.ownerId,
    hours: { ...closedWeek(), ...(s.hours ?? {}) },
    status: s.status,
    timezone: s.timezone ?? DEFAULT_TIME_ZONE,
    settings: settingsOf(s.settings),
    created_at: iso(s.created_at),
    updated_at: iso(s.updated_at),
  };
}

/** A member's view: the sign-in username is the owner's alone (002: "username (owner only)"). */
export function memberView(view: StoreView, owner: boolean): StoreView {
  if (owner) return view;
  const { username: _username, ...rest } = view;
  return rest;
}

/** No username, owner or settings for the public booking page. */
export function publicStoreView(s: StoreDoc): PublicStoreView {
  const { id, name, street, address2, city, state, zip, email, phone, permalink, hours, status, timezone } = storeView(s);
  return { id, name, street, address2, city, state, zip, email, phone, permalink, hours, status, timezone };
}
