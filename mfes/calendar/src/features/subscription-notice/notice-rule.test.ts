import { NEEDS_PLAN_TEXT, NEEDS_PLAN_TEXT_TODAY, NOTICE_TEXT, NOTICE_TEXT_TODAY, subscriptionNotice } from './notice-rule';

const expired = (text: string, paymentLink: boolean) => ({ title: 'Subscription expired', text, paymentLink, linkLabel: 'Make a payment' });

const base = { expiration: 'past_due', isOwner: true, firstDisplay: true };

describe('subscription-expired notice rule', () => {
  it('when the store has 4 staff entries, then no notice whatever the expiration', () => {
    expect(subscriptionNotice({ ...base, staffEntries: 4 })).toBeNull();
    expect(subscriptionNotice({ ...base, staffEntries: 4, expiration: null })).toBeNull();
  });
  it('when the store has 5 staff entries and the package is not active, then the owner is asked to pay today with the link', () => {
    expect(subscriptionNotice({ ...base, staffEntries: 5 })).toEqual(expired(NOTICE_TEXT_TODAY, true));
  });
  it('when the store has 5 staff entries and the package is active, then no notice', () => {
    expect(subscriptionNotice({ ...base, staffEntries: 5, expiration: 'active' })).toBeNull();
  });
  it("when the owner sees it again, then 'today' is gone but the link stays", () => {
    expect(subscriptionNotice({ ...base, staffEntries: 5, firstDisplay: false })).toEqual(expired(NOTICE_TEXT, true));
  });
  it("when a non-owner sees it, then neither 'today' nor the link, first display or not", () => {
    expect(subscriptionNotice({ ...base, staffEntries: 5, isOwner: false })).toEqual(expired(NOTICE_TEXT, false));
    expect(subscriptionNotice({ ...base, staffEntries: 5, isOwner: false, firstDisplay: false })).toEqual(expired(NOTICE_TEXT, false));
  });
  it("when the store never subscribed ('inactive'), then it is told it needs a plan, not that anything expired", () => {
    for (const expiration of ['inactive', null]) {
      const n = subscriptionNotice({ ...base, staffEntries: 5, expiration });
      expect(n).toEqual({ title: 'Plan needed', text: NEEDS_PLAN_TEXT_TODAY, paymentLink: true, linkLabel: 'Choose a plan' });
      expect(n!.text).not.toMatch(/expired/);
    }
    expect(subscriptionNotice({ ...base, staffEntries: 5, expiration: 'inactive', isOwner: false })).toEqual({ title: 'Plan needed', text: NEEDS_PLAN_TEXT, paymentLink: false, linkLabel: 'Choose a plan' });
  });
});
