import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@turnbook/web-kit';
import { ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { Link, useParams } from 'react-router-dom';
import { DonePanel, PeoplePage } from './ui';
import { capitalize } from './model';

/**
 * /staff-invitation/{id}, the link of the invitation mail: the signed-in person (the email invited) sees
 * which salon invites them and accepts; only then are they its staff.
 */
export default function AcceptInvitationPage() {
  const { id = '' } = useParams();
  const invitation = useQuery({
    queryKey: ['staff', 'invitation', id],
    queryFn: async () => (await api.get('GET staff-invitation/{id}', { id })).invitation,
    retry: false,
  });
  const accept = useMutation({ mutationFn: () => api.post('POST staff-invitation/{id}/accept', {}, { id }) });

  let content;
  if (invitation.isPending) content = <LoadingState label="Loading the invitation…" />;
  else if (invitation.isError)
    content = <ErrorState message={isApiError(invitation.error) ? invitation.error.message : 'The invitation could not be loaded.'} />;
  else if (accept.isSuccess)
    content = <DonePanel title="Welcome!" message={`You are now on the staff of ${capitalize(invitation.data.storeName)}.`} to="/stores" label="My stores" />;
  else if (invitation.data.status !== 'pending')
    content = (
      <Alert color="yellow" role="status">
        {invitation.data.status === 'accepted' ? 'This invitation has already been accepted.' : 'This invitation has expired. Ask the salon to invite you again.'}
      </Alert>
    );
  else
    content = (
      <Stack>
        <Text size="lg">
          <strong>{capitalize(invitation.data.storeName)}</strong> invites you to join its staff. You will see its calendar and your appointments there.
        </Text>
        {accept.isError && (
          <Alert color="red" role="alert">
            {isApiError(accept.error) ? accept.error.message : 'The invitation could not be accepted.'}
          </Alert>
        )}
        <Group>
          <Button onClick={() => accept.mutate()} loading={accept.isPending}>
            Accept
          </Button>
          <Button component={Link} to="/stores" variant="default">
            Not now
          </Button>
        </Group>
      </Stack>
    );
  return <PeoplePage title="Staff invitation">{content}</PeoplePage>;
}
