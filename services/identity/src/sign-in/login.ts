import type { BodyOf } from '@turnbook/contracts';
import { MESSAGES } from '@turnbook/contracts';
import { LOOSE_EMAIL, normalizeEmail } from '@turnbook/domain';
import { AppError, type Logger } from '@turnbook/service-kit';
import { issueSession, type SessionDeps } from '../sessions/sessions';
import type { Hasher } from '@turnbook/service-kit/hashing';
import type { UsersRepository } from '../users/repository';
import { toPublicUser } from '../users/public-user';
import type { SignInLimiter } from './rate-limit';
import { userClaims } from './user-claims';

export interface LoginDeps {
  log?: Pick<Logger, 'warn'>;
  users: UsersRepository;
  limiter: SignInLimiter;
  passwords: Hasher;
  session: SessionDeps;
}

/**
 * User sign-in. Unknown account and wrong password answer alike (no account enumeration); a right
 * password on an unverified account answers 'Not Verified' so the client can say to check the inbox.
 */
export async function login(d: LoginDeps, input: BodyOf<'POST login'>, ip: string) {
  const email = normalizeEmail(input.email);
  // The spec's client tries a user login first with whatever was typed, then a store login. A store
  // username cannot be a user account, so it is refused at once and does not count as a failure.
  if (!LOOSE_EMAIL.test(email)) throw new AppError('unauthenticated', MESSAGES.invalidLogin);

  // The account is read while the limiter records and counts the attempt (one database round trip less
  // in a row); the password is still only checked after the limiter let the attempt through.
  const found = Promise.resolve(d.users.findWithSecret({ email }));
  found.catch(() => undefined); // a refused attempt never awaits it
  // A verified account's session is written while the limiter counts, and handed out only if the password
  // is right; otherwise it is deleted. Its access token and refresh secret never leave this function
  // before that, so it cannot be used meanwhile.
  const session = found.then((user) => (user?.verified ? issueSession(d.session, userClaims(user)) : undefined));
  session.catch(() => undefined);
  const discard = () => {
    // After the answer, so a wrong password costs the same time whether or not the account exists.
    void session
      .then((s) => s && d.session.sessions.discard(s.sid))
      .catch((err: unknown) => d.log?.warn({ err: String(err) }, 'a session prepared for a refused sign-in was not deleted (it was never handed out)'));
  };
  // The hash's share of the answer, reported apart (Server-Timing) so the database work can be measured alone.
  let hashMs = 0;
  let signedIn;
  try {
    signedIn = await d.limiter.attemptThen(
      `user:${email}`,
      ip,
      async () => {
        const hash = (await found)?.passwordHash;
        const started = performance.now();
        try {
          return await d.passwords.verify(hash, input.password);
        } finally {
          hashMs = performance.now() - started;
        }
      },
      async () => {
        const user = await found;
        if (!user) throw new AppError('unauthenticated', MESSAGES.invalidLogin);
        if (!user.verified) throw new AppError('notVerified', MESSAGES.notVerified);
        const { access_token, setCookie } = (await session)!;
        return { answer: { user: toPublicUser(user), access_token }, setCookie };
      },
    );
  } catch (err) {
    discard();
    throw err;
  }
  if (!signedIn.ok) {
    discard();
    throw new AppError('unauthenticated', MESSAGES.invalidLogin);
  }
  return { ...signedIn.value, hashMs };
}
