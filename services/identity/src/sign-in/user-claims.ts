import { phoneClaims } from '../phone-verification/claims';

/** The claims of a user's tokens. phone (verified ones only): realtime's customer channel and a customer's own appointments are scoped by it. */
export function userClaims(user: { _id: number; role: string; phone: string }) {
  return { sub: String(user._id), kind: 'user' as const, role: user.role, ...phoneClaims(user) };
}
