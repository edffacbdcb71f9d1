export { SubscriptionNotice } from './subscription-notice';
export { subscriptionNotice, NOTICE_REPEAT_MS } from './notice-rule';
