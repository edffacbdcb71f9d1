import { Badge } from '@mantine/core';
import { useCallback, useSyncExternalStore } from 'react';
import type { SignInOutbox } from './sign-in/sign-in-outbox';

/** Whether the tablet is offline for the outbox, and how many sign-ins wait to be sent. */
export function useOutboxStatus(outbox: SignInOutbox): { offline: boolean; waiting: number } {
  const subscribe = useCallback((l: () => void) => outbox.subscribe(l), [outbox]);
  const offline = useSyncExternalStore(subscribe, () => outbox.offline());
  const waiting = useSyncExternalStore(subscribe, () => outbox.waiting());
  return { offline, waiting };
}

/**
 * For the staff: how many sign-ins the tablet keeps until the network is back (none shown while it is
 * online: a sign-in then leaves within a second).
 */
export function OutboxBadge({ offline, waiting }: { offline: boolean; waiting: number }) {
  if (!offline || waiting === 0) return null;
  const text = `${waiting} sign-in${waiting === 1 ? '' : 's'} waiting to be sent`;
  return (
    <Badge color="orange" variant="light" size="lg" tt="none" role="status" aria-label={text}>
      {text}
    </Badge>
  );
}
