import { NOTICE_TEXT, NOTICE_TEXT_TODAY, subscriptionNotice } from './notice-rule';

const base = { expiration: 'past_due', isOwner: true, firstDisplay: true };

describe('subscription-expired notice rule', () => {
  it('when the store has 4 staff entries, then no notice whatever the expiration', () => {
    expect(subscriptionNotice({ ...base, staffEntries: 4 })).toBeNull();
    expect(subscriptionNotice({ ...base, staffEntries: 4, expiration: null })).toBeNull();
  });
  it('when the store has 5 staff entries and the package is not active, then the owner is asked to pay today with the link', () => {
    expect(subscriptionNotice({ ...base, staffEntries: 5 })).toEqual({ text: NOTICE_TEXT_TODAY, paymentLink: true });
    expect(subscriptionNotice({ ...base, staffEntries: 5, expiration: null })).toEqual({ text: NOTICE_TEXT_TODAY, paymentLink: true });
  });
  it('when the store has 5 staff entries and the package is active, then no notice', () => {
    expect(subscriptionNotice({ ...base, staffEntries: 5, expiration: 'active' })).toBeNull();
  });
  it("when the owner sees it again, then 'today' is gone but the link stays", () => {
    expect(subscriptionNotice({ ...base, staffEntries: 5, firstDisplay: false })).toEqual({ text: NOTICE_TEXT, paymentLink: true });
  });
  it("when a non-owner sees it, then neither 'today' nor the link, first display or not", () => {
    expect(subscriptionNotice({ ...base, staffEntries: 5, isOwner: false })).toEqual({ text: NOTICE_TEXT, paymentLink: false });
    expect(subscriptionNotice({ ...base, staffEntries: 5, isOwner: false, firstDisplay: false })).toEqual({ text: NOTICE_TEXT, paymentLink: false });
  });
});
