import { randomBytes, randomInt } from 'node:crypto';
import { MESSAGES } from '@turnbook/contracts';
import { AppError, notFound } from '@turnbook/service-kit';
import type { UsersRepository } from '../users/repository';
import { isPhoneVerified } from './claims';
import { CODE_TTL_SECONDS, hashCode, MAX_REQUESTS, REQUEST_WINDOW_MS } from './codes';
import type { MessagingClient } from '../clients/messaging-client';
import type { PhoneCodesRepository } from './repository';

export interface RequestPhoneCodeDeps {
  users: Pick<UsersRepository, 'findById'>;
  phoneCodes: PhoneCodesRepository;
  messaging: MessagingClient;
}

/**
 * Texts a 6-digit code to the account's phone (messaging's SMS provider, by internal call: the code never
 * travels in an event). A new code replaces the previous one. Limited per user and per number, so nobody
 * can use us to flood a phone.
 */
export async function requestPhoneCode(d: RequestPhoneCodeDeps, userId: number) {
  const user = await d.users.findById(userId);
  if (!user) throw notFound('User not found');
  if (!user.phone) throw new AppError('noPhone', MESSAGES.noPhone, 'phone');
  if (isPhoneVerified(user)) throw new AppError('conflict', MESSAGES.phoneAlreadyVerified, 'phone');

  const counts = await d.phoneCodes.countRequest([`user:${userId}`, `phone:${user.phone}`], REQUEST_WINDOW_MS);
  if (counts.some((n) => n > MAX_REQUESTS)) throw new AppError('rateLimited', MESSAGES.phoneCodeTooSoon);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  await d.phoneCodes.replace({
    _id: userId,
    phone: user.phone,
    salt,
    codeHash: hashCode(salt, code),
    expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
  }, CODE_TTL_SECONDS * 1000);
  await d.messaging.sendText({
    to: user.phone,
    body: `Your Turnbook code is ${code}. It expires in 10 minutes. Do not share it.`,
    purpose: 'phone_verification',
  });
  return { sent: true as const, expiresInSeconds: CODE_TTL_SECONDS };
}
