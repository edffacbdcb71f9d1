import { Anchor, Avatar, Badge, Button, ColorSwatch, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { isNotAvailable, useSession } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState, NotAvailable, PhoneVerification } from '@turnbook/web-kit/ui';
import { Link, useParams } from 'react-router-dom';
import { StoreCard, StorePage } from '../page-frame/store-page';
import { colorHex, DEFAULT_AVATAR, fetchUser, fullName, userKeys } from './account-model';

/** /user/{id}: My Account (docs/product/README.md). */
export default function AccountPage() {
  const { id = '' } = useParams();
  const user = useQuery({ queryKey: userKeys.one(id), queryFn: () => fetchUser(id) });
  const self = useSession((s) => s.user_id) === id;
  if (user.isPending) return <LoadingState label="Loading your account…" />;
  if (user.isError) {
    if (isNotAvailable(user.error)) return <NotAvailable what="My Account" onRetry={() => user.refetch()} />;
    return (
      <StorePage title="My Account">
        <ErrorState message={user.error.message} onRetry={() => user.refetch()} />
      </StorePage>
    );
  }
  const u = user.data;
  if (!u)
    return (
      <StorePage title="My Account">
        <EmptyState>No user</EmptyState>
      </StorePage>
    );
  return (
    <StorePage
      title="My Account"
      actions={
        <Button component={Link} to={`/users/edit/${u.id}`} variant="light" leftSection={<span aria-hidden>⚙</span>}>
          Settings
        </Button>
      }
    >
      <StoreCard label="Account">
        <Stack align="center" ta="center" gap="sm">
          <Avatar src={u.profile_image || DEFAULT_AVATAR} alt={u.profile_image ? `Picture of ${fullName(u)}` : 'Default picture'} size={120} radius={120} />
          <Title order={2} size="h3" tt="capitalize">
            {fullName(u)}
          </Title>
          <Anchor href={`mailto:${u.email}`}>{u.email}</Anchor>
          {u.phone && (
            <Group gap="xs" justify="center">
              <Text>{formatPhone(u.phone)}</Text>
              <Badge color={u.phoneVerified ? 'green' : 'gray'} variant="light">
                {u.phoneVerified ? 'Verified' : 'Not verified'}
              </Badge>
            </Group>
          )}
          <Group gap="xs">
            <ColorSwatch color={colorHex(u.color)} size={22} aria-hidden />
            <Text size="sm" c="dimmed">
              Colour {colorHex(u.color)}
            </Text>
          </Group>
          <Group gap="md" mt="xs">
            <Anchor component={Link} to={`/users/security/${u.id}`}>
              Change password
            </Anchor>
          </Group>
        </Stack>
      </StoreCard>
      {self && u.phone && !u.phoneVerified && (
        <StoreCard label="Verify your phone">
          <PhoneVerification userId={u.id} phone={u.phone} onVerified={() => void user.refetch()} customer={u.role === 'customer'} />
        </StoreCard>
      )}
    </StorePage>
  );
}
