import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@turnbook/contracts';
import { api } from '@turnbook/web-kit';
import { LoadingState } from '@turnbook/web-kit/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../auth-card';

export const ACTIVATED_TEXT = 'Your account is activated!';
export const ALREADY_ACTIVE_TEXT = MESSAGES.alreadyVerified;
export const ACTIVATION_SORRY_TEXT =
  'Sorry... Please double check your activation link. Or contact us if you still have any questions.';

/** /activate?a=<user id>&b=<hash>: POST verify {id, hash} (docs/product/README.md). */
export default function ActivatePage() {
  const [params] = useSearchParams();
  const id = params.get('a');
  const hash = params.get('b');
  const { isPending, isSuccess, data } = useQuery({
    queryKey: ['verify', id, hash],
    enabled: Boolean(id && hash),
    retry: false,
    staleTime: Infinity,
    queryFn: () => api.post('POST verify', { id: id!, hash: hash! }),
  });
  if (id && hash && isPending) return <LoadingState label="Activating your account…" />;
  // A link opened a second time: the account is active, which is what the user wanted (a success with a code).
  const alreadyActive = isSuccess && data?.code === 'alreadyVerified';
  return (
    <AuthCard>
      <Stack align="center" ta="center" role="status">
        {isSuccess || alreadyActive ? (
          <>
            <Title order={1} size="h2">
              {alreadyActive ? ALREADY_ACTIVE_TEXT : ACTIVATED_TEXT}
            </Title>
            <Text>You can log in now.</Text>
            <Button component={Link} to="/login">
              Log in
            </Button>
          </>
        ) : (
          <>
            <Title order={1} size="h2">
              Activation failed
            </Title>
            <Text>{ACTIVATION_SORRY_TEXT}</Text>
            <Button component="a" href="mailto:support@turnbook.app" variant="light">
              Contact us
            </Button>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
