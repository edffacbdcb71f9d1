import { uniqueEmail } from '../src/api';
import { GATEWAY_URL } from '../src/browser';
import { registerVerified } from '../src/steps';

// The sign-in limit counts failures per account and client address. The address must be the one the
// gateway saw: a client that sends its own X-Forwarded-For must not pick the address it is counted under.
const ACCOUNT_FAILURE_LIMIT = Number(process.env.LOGIN_MAX_FAILURES_ACCOUNT ?? 5);

async function login(email: string, password: string, forwardedFor: string) {
  const res = await fetch(`${GATEWAY_URL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, 'x-real-ip': forwardedFor },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe('the client address behind the gateway', () => {
  it('when each wrong password claims a different X-Forwarded-For, then they still count as one address and the limit holds', async () => {
    const email = uniqueEmail('xff');
    const password = 'Xff-pass-123';
    await registerVerified(email, password);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      expect(await login(email, 'wrong-password', `203.0.113.${i + 1}`)).toBe(401);
    }
    // A new made-up address does not reset the count: the right password is refused until the wait is over.
    expect(await login(email, password, '198.51.100.77')).toBe(429);
  });
});
