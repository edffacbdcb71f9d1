import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { Hint } from '@turnbook/web-kit/ui';
import { Link } from 'react-router-dom';
import type { Employee } from '../staff/model';
import { HeartIcon } from '../staff/ui';
import { customerName, favName, type Customer } from './model';

/** One customer of the search's results: name (to their page), favourite staff, contact, status; Details and, merging, Keep and Delete. */
export function CustomerCard({
  c,
  staff,
  merge,
  keepId,
  deleteId,
  onKeep,
  onDelete,
  onDetails,
}: {
  c: Customer;
  staff?: Employee[];
  merge: boolean;
  keepId: number | null;
  deleteId: number | null;
  onKeep: (id: number) => void;
  onDelete: (id: number) => void;
  onDetails: (c: Customer) => void;
}) {
  const name = customerName(c);
  const fav = favName(c, staff);
  return (
    <Card withBorder radius="md" padding="sm" component="li" aria-label={`Customer ${name}`} bg={keepId === c.id ? 'green.0' : deleteId === c.id ? 'red.0' : undefined}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/customer/${c.id}`} fw={700} c="inherit" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Anchor>
            {fav && (
              <Hint label={`Favorite staff: ${fav}`}>
                <Text component="span" c="pink.6" display="inline-flex" aria-label={`Favorite staff: ${fav}`} role="img">
                  <HeartIcon width={16} height={16} />
                </Text>
              </Hint>
            )}
            {c.banned && (
              <Badge color="red.9" variant="filled" size="sm">
                Banned
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            ID {c.id}
          </Text>
        </Group>
        {c.email && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {c.email}
          </Text>
        )}
        {c.phone && <Text size="sm">{formatPhone(c.phone)}</Text>}
        {c.status && (
          <Text size="sm" c={c.banned ? 'red.7' : 'dimmed'} lineClamp={2}>
            {c.status}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="light" onClick={() => onDetails(c)} aria-label={`Details of ${name}`}>
            Details
          </Button>
          {merge && (
            <>
              <Button size="xs" color="teal.9" variant={keepId === c.id ? 'filled' : 'outline'} aria-pressed={keepId === c.id} onClick={() => onKeep(c.id)} aria-label={`Keep ${name} (${c.id})`}>
                Keep
              </Button>
              <Button size="xs" color="red.9" variant={deleteId === c.id ? 'filled' : 'outline'} aria-pressed={deleteId === c.id} onClick={() => onDelete(c.id)} aria-label={`Delete ${name} (${c.id})`}>
                Delete
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
