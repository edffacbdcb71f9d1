import { Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api, isApiError, useSession } from '@turnbook/web-kit';
import { confirm } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { StoreCard } from '../../page-frame/store-page';
import { storeKeys } from '../store-api';
import type { Store } from '../store-model';
import { permalinkOf } from '../store-schema';

/** Old links keep working (they lead to the new one), so a change never breaks a booking link already shared. */
export const CHANGE_LINK_QUESTION = 'Do you want to change the booking link? Old links keep working.';
const PERMALINK_RULE = /^[^\s/?#%\\]+$/;

/** A new booking link's problem, or null (checked at Save, and again as a shown message's value changes). */
function linkProblem(permalink: string, current: string): string | null {
  if (!permalink) return 'Please enter a link';
  if (!PERMALINK_RULE.test(permalink)) return 'The link may not have spaces or / ? # % \\';
  return permalink === current ? 'This is the current link' : null;
}

/** The booking link (permalink), changed only on purpose: saving the settings never touches it. */
export function BookingLinkCard({ store, isOwner, name, onChanged }: { store: Store; isOwner: boolean; name: string; onChanged: (permalink: string) => void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = async () => {
    const permalink = value.trim().toLowerCase();
    const problem = linkProblem(permalink, store.permalink);
    if (problem) return setError(problem);
    setError(null);
    if (!(await confirm(CHANGE_LINK_QUESTION))) return;
    setBusy(true);
    try {
      await api.patch('PATCH store/{id}', { permalink }, { id: store.id });
      const session = useSession.getState();
      if (session.store_id === String(store.id)) session.setSession({ store_permalink: permalink });
      await queryClient.invalidateQueries({ queryKey: storeKeys.all });
      onChanged(permalink);
    } catch (e) {
      setError(isApiError(e) && e.status === 409 ? 'This link is already taken' : isApiError(e) ? e.message : 'The link could not be changed.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <StoreCard label="Booking link">
      <Title order={2} size="h4" mb="xs">
        Booking link
      </Title>
      <Text size="sm">
        Customers book at <Code>/booking/{store.permalink}</Code>
      </Text>
      {isOwner && !editing && (
        <Button
          variant="light"
          mt="sm"
          onClick={() => {
            setValue(permalinkOf(name || store.name));
            setEditing(true);
          }}
        >
          Change link
        </Button>
      )}
      {editing && (
        <Stack mt="sm" gap="xs">
          <TextInput label="New link" description="Old links keep working." value={value} onChange={(e) => { setValue(e.currentTarget.value); if (error) setError(linkProblem(e.currentTarget.value.trim().toLowerCase(), store.permalink)); }} error={error} autoCapitalize="none" />
          <Group>
            <Button onClick={change} loading={busy}>
              Save link
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setEditing(false);
                setError(null);
              }}
            >
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </StoreCard>
  );
}
