import { Alert, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import type { identity } from '@turnbook/contracts';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { useState } from 'react';
// Through the package, not '../session': a module bundles ui/ but shares the package, and the new token must
// reach the page's one session store (the API client and the realtime connection read it there).
import { api, hasCode, isApiError, useSession } from '@turnbook/web-kit';

type Phase = 'ask' | 'sending' | 'code' | 'checking';

/**
 * Verifies the signed-in user's phone with a texted 6-digit code. On success the new token (which now
 * carries the phone) replaces the session's, and `onVerified` gets the updated user. Used by the account
 * page and by /appointments (asked the first time it opens, and after a phone change).
 */
/** `customer`: the account is a customer's, whose /appointments shows only this account's requests until the phone is verified (owners and staff are told nothing of it). */
export function PhoneVerification({ userId, phone, onVerified, customer = false }: { userId: number | string; phone: string; onVerified?: (user: identity.PublicUser) => void; customer?: boolean }) {
  const [phase, setPhase] = useState<Phase>('ask');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const ask = async () => {
    setError(null);
    setPhase('sending');
    try {
      await api.post('POST user/{id}/phone-code', {}, { id: userId });
      setSent(true);
      setCode('');
      setPhase('code');
    } catch (e) {
      setPhase(sent ? 'code' : 'ask');
      setError(isApiError(e) ? e.message : 'The code could not be sent.');
    }
  };

  const check = async (value: string) => {
    setError(null);
    setPhase('checking');
    try {
      const res = await api.post('POST user/{id}/phone-verification', { code: value }, { id: userId });
      useSession.getState().setSession({ access_token: res.access_token });
      onVerified?.(res.user);
    } catch (e) {
      setPhase('code');
      setCode('');
      setError(isApiError(e) ? e.message : 'The code could not be checked.');
      if (hasCode(e, 'phoneCodeExpired')) setSent(false);
    }
  };

  return (
    <Stack gap="sm" role="group" aria-label="Verify your phone">
      <Text>
        Confirm that {formatPhone(phone)} is your phone: we text it a 6-digit code.
        {customer ? ' Until then, you only see the requests made from this account.' : ''}
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {phase === 'code' || phase === 'checking' ? (
        <>
          <Text size="sm" c="dimmed">
            Enter the code we texted to {formatPhone(phone)}. It expires in 10 minutes.
          </Text>
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            value={code}
            onChange={setCode}
            onComplete={(v) => void check(v)}
            disabled={phase === 'checking'}
            autoFocus
            ariaLabel="Code from the text"
          />
          <Group>
            <Button onClick={() => void check(code)} loading={phase === 'checking'} disabled={code.length !== 6}>
              Verify
            </Button>
            <Button variant="subtle" onClick={() => void ask()} disabled={phase === 'checking'}>
              Send a new code
            </Button>
          </Group>
        </>
      ) : (
        <Group>
          <Button onClick={() => void ask()} loading={phase === 'sending'}>
            Text me a code
          </Button>
        </Group>
      )}
    </Stack>
  );
}
