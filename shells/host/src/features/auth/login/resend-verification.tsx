import { Anchor, Text } from '@mantine/core';
import { api, hasCode, tryAgainText } from '@turnbook/web-kit';
import { useState } from 'react';

export const RESENT_TEXT = 'We sent the verification email again. Please check your inbox (and spam folder).';

/**
 * The 'Not Verified' message's way out: the activation mail again. The server limits it per address and per
 * email and answers the same for any email; over the limit it says when to try again.
 */
export function ResendVerification({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    setState('sending');
    setProblem(null);
    try {
      await api.post('POST resendVerification', { email });
      setState('sent');
    } catch (e) {
      setState('idle');
      setProblem(hasCode(e, 'rateLimited') ? tryAgainText('Too many verification emails asked for.', e.retryAfter) : (e as Error).message);
    }
  };
  if (state === 'sent') return <Text size="sm" mt="xs" role="status">{RESENT_TEXT}</Text>;
  return (
    <>
      <Anchor component="button" type="button" size="sm" mt="xs" onClick={send} disabled={state === 'sending'}>
        Send the verification email again
      </Anchor>
      {problem && <Text size="sm" mt="xs" role="status">{problem}</Text>}
    </>
  );
}
