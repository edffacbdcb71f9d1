import { Alert, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@turnbook/web-kit';
import { useState } from 'react';
import { StoreCard } from '../page-frame/store-page';

const managersKey = (storeId: number) => ['store-managers', storeId] as const;

/**
 * The store's franchise managers (docs/product/roles.md): the owner grants an admin's access to this location
 * by a professional's email, and takes it back. They get the location switcher and the franchise report.
 */
export function FranchiseManagersCard({ storeId }: { storeId: number }) {
  const queryClient = useQueryClient();
  const managers = useQuery({ queryKey: managersKey(storeId), queryFn: async () => (await api.get('GET getStoreManagers/{storeId}', { storeId })).managers });
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (call: () => Promise<{ managers: Array<{ userId: number; email: string }> }>) => {
    setError(null);
    setBusy(true);
    try {
      queryClient.setQueryData(managersKey(storeId), (await call()).managers);
      setEmail('');
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The change could not be saved.');
    } finally {
      setBusy(false);
    }
  };
  const grant = () => (email.trim() ? act(() => api.post('POST storeManager/{storeId}', { email: email.trim() }, { storeId })) : setError('Please enter an email'));

  return (
    <StoreCard label="Franchise managers">
      <Title order={2} size="h4" mb="xs">
        Franchise managers
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A franchise manager has an admin&apos;s access to this location (calendar, requests, reports) and runs the franchise report across the locations they manage.
      </Text>
      <Stack gap="xs">
        {managers.data?.length ? (
          <List spacing={4} aria-label="Managers of this location">
            {managers.data.map((m) => (
              <List.Item key={m.userId}>
                <Group gap="xs">
                  <Text size="sm">{m.email}</Text>
                  <Button size="compact-xs" variant="subtle" color="red" disabled={busy} onClick={() => void act(() => api.delete('DELETE storeManager/{storeId}/{userId}', { storeId, userId: m.userId }))}>
                    Remove {m.email}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">{managers.isPending ? 'Loading…' : 'No franchise manager yet.'}</Text>
        )}
        <Group align="flex-end" gap="xs">
          <TextInput label="Manager's email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoCapitalize="none" />
          <Button onClick={() => void grant()} loading={busy}>
            Add manager
          </Button>
        </Group>
        {error && <Alert color="red" role="alert">{error}</Alert>}
      </Stack>
    </StoreCard>
  );
}
