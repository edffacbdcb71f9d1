import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@turnbook/contracts';
import { api, useSession } from '@turnbook/web-kit';
import { LoadingState } from '@turnbook/web-kit/ui';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../auth-card';

export const CONFIRM_EMAIL_SORRY_TEXT = 'Sorry... this link is invalid, was used already or has expired. Your email has not changed.';

/**
 * /confirm-email?a=<user id>&b=<hash>, the link sent to a new email address (POST auth/confirm-email).
 * The change ends every session, so the user signs in again with the new address.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const id = params.get('a');
  const hash = params.get('b');
  const { isPending, isSuccess, data } = useQuery({
    queryKey: ['confirm-email', id, hash],
    enabled: Boolean(id && hash),
    retry: false,
    staleTime: Infinity,
    queryFn: () => api.post('POST auth/confirm-email', { id: id!, hash: hash! }),
  });
  // Every session of the account ended with the change: forget this tab's.
  useEffect(() => {
    if (isSuccess) useSession.getState().clearSession();
  }, [isSuccess]);
  if (id && hash && isPending) return <LoadingState label="Confirming your email…" />;
  return (
    <AuthCard>
      <Stack align="center" ta="center" role="status">
        {isSuccess ? (
          <>
            <Title order={1} size="h2">
              {MESSAGES.emailChanged}
            </Title>
            <Text>Log in with {data?.email}.</Text>
            <Button component={Link} to="/login">
              Log in
            </Button>
          </>
        ) : (
          <>
            <Title order={1} size="h2">
              Email not changed
            </Title>
            <Text>{CONFIRM_EMAIL_SORRY_TEXT}</Text>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
