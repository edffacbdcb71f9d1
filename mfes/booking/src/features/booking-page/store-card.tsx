import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatPhone } from '@turnbook/domain/phone/phone';
import type { PublicStoreView } from '@turnbook/contracts/schemas/scheduling';
import type { ReactNode } from 'react';
import { HoursTable } from './hours-table';
import { addressLine } from './store-hours';

interface Props {
  /** null: the first view's empty card (first-view.ts fills its data-slot elements from the store call). */
  store: PublicStoreView | null;
  loggedIn: boolean;
  onBook?: () => void;
  onLogin?: () => void;
  onSignUp?: () => void;
  /** The store's services and team, under the buttons (the prerendered empty card has none). */
  offer?: ReactNode;
  /** The modals, opened from the buttons. */
  children?: ReactNode;
}

/**
 * The store's card on /booking/{permalink}: name, address, phone link, group note, the buttons and the week.
 * The same markup is prerendered empty into booking.html (shells/host/src/prerender.tsx) and filled there
 * before the app runs, so the page's own card replaces it without a visible change. Empty, its buttons are
 * aria-disabled: they do nothing until the page's card takes over.
 */
export function StoreCard({ store, loggedIn, onBook, onLogin, onSignUp, offer, children }: Props) {
  const waiting = store ? undefined : true;
  return (
    <Stack component="article" aria-labelledby="store-name" maw={560} mx="auto" p="md" gap="md">
      <Stack gap={4}>
        <Title order={1} id="store-name" tt="capitalize" data-slot="name">
          {store?.name}
        </Title>
        <Text tt="capitalize" data-slot="address">
          {store ? addressLine(store) : ''}
        </Text>
        {(!store || store.phone) && (
          <Anchor href={store?.phone ? `tel:${store.phone.replace(/\D/g, '')}` : undefined} fw={600} data-slot="phone">
            {store ? formatPhone(store.phone) : ''}
          </Anchor>
        )}
        <Text size="sm">For group inquiries please call the shop</Text>
      </Stack>
      <Group grow>
        <Button size="md" onClick={onBook} aria-disabled={waiting}>
          Book Now
        </Button>
      </Group>
      {!loggedIn && (
        <Group grow>
          <Button variant="outline" onClick={onLogin} aria-disabled={waiting}>
            Login
          </Button>
          <Button variant="outline" onClick={onSignUp} aria-disabled={waiting}>
            Sign Up
          </Button>
        </Group>
      )}
      {offer}
      <section aria-labelledby="hours-title">
        <Title order={2} size="h3" id="hours-title" mb="xs">
          Business hours
        </Title>
        <HoursTable store={store} />
      </section>
      {children}
    </Stack>
  );
}
