import { Button, Group } from '@mantine/core';
import { tokenKind, useSession } from '@turnbook/web-kit';
import { Link } from 'react-router-dom';

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}

/** Bottom bar: the calendar shortcut of the chosen store (docs/product/README.md). */
export function BottomBar() {
  const permalink = useSession((s) => s.store_permalink);
  const kiosk = useSession((s) => tokenKind(s.access_token) === 'kiosk');
  // The kiosk has no calendar: its token cannot read it, and the tablet stays on the sign-in.
  if (kiosk) return null;
  return (
    <Group h="100%" justify="center" px="md">
      {permalink ? (
        <Button component={Link} to={`/calendar/${permalink}`} leftSection={<CalendarIcon />} size="md" radius="xl">
          Calendar
        </Button>
      ) : (
        <Button component={Link} to="/stores" leftSection={<CalendarIcon />} size="md" radius="xl" variant="light">
          Choose a store for its calendar
        </Button>
      )}
    </Group>
  );
}
