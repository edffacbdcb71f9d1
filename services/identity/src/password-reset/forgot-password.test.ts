import type { EventBus, Logger, RequestLimiter } from '@turnbook/service-kit';
import type { OneTimeLinks } from '../links/one-time-links';
import type { UsersRepository } from '../users/repository';
import { forgotPassword, type ForgotPasswordDeps } from './forgot-password';

// The answer's time must not depend on whether the email has an account. The timing test through HTTP
// (password-reset.test.ts) measures it; this one shows why it holds, without a clock: the account is looked
// up only after the answer is given, so a lookup that never finishes does not hold the answer back.
function depsWith(findByEmail: UsersRepository['findByEmail']) {
  const published: unknown[] = [];
  const issue = jest.fn(async () => ({ mailId: 'mail-1' }));
  const deps: ForgotPasswordDeps = {
    users: { findByEmail } as unknown as UsersRepository,
    links: { issue } as unknown as OneTimeLinks,
    bus: {
      event: (type: string, scope: string, data: unknown) => ({ type, scope, data }),
      publishDurably: async (e: unknown) => void published.push(e),
    } as unknown as EventBus,
    publicUrl: 'https://turnbook.test',
    requests: { take: async () => undefined } as unknown as RequestLimiter,
    limits: { perAddress: 5, perEmail: 3 },
    answerFloorMs: 1,
    log: { error: jest.fn() } as unknown as Logger,
  };
  return { deps, issue, published };
}

const nextTurn = () => new Promise((r) => setImmediate(r));

describe('forgotPassword', () => {
  it('when the account lookup has not finished, then the answer is already given, and the link goes out once it does', async () => {
    let finishLookup: (user: unknown) => void = () => undefined;
    const findByEmail = jest.fn(() => new Promise((r) => (finishLookup = r))) as unknown as UsersRepository['findByEmail'];
    const { deps, issue, published } = depsWith(findByEmail);

    await expect(forgotPassword(deps, { email: 'bo@example.com' }, '192.0.2.1')).resolves.toEqual({ success: true });
    await nextTurn();
    expect(findByEmail).toHaveBeenCalledWith('bo@example.com');
    expect(issue).not.toHaveBeenCalled();

    finishLookup({ _id: 7, email: 'bo@example.com', fname: 'bo' });
    await nextTurn();
    await nextTurn();
    expect(issue).toHaveBeenCalledWith(7, 'reset', 'https://turnbook.test');
    expect(published).toEqual([{ type: 'user.password_reset_requested', scope: 'global', data: { userId: 7, email: 'bo@example.com', fname: 'bo', mailId: 'mail-1' } }]);
  });

  it('when the email has no account, then the same answer and no link', async () => {
    const { deps, issue, published } = depsWith(async () => null);
    await expect(forgotPassword(deps, { email: 'nobody@example.com' }, '192.0.2.1')).resolves.toEqual({ success: true });
    await nextTurn();
    await nextTurn();
    expect(issue).not.toHaveBeenCalled();
    expect(published).toEqual([]);
  });
});
