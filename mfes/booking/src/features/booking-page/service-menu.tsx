import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ServiceView } from '@turnbook/contracts/schemas/scheduling';

/**
 * The landing page's menu: each service the store offers online with its length and price, and Book, which
 * opens the booking with that service chosen. Services have no category in our records, so one list in the
 * store's order (the order the owner gave them).
 */
export function ServiceMenu({ services, onBook }: { services: ServiceView[]; onBook: (serviceId: number) => void }) {
  if (services.length === 0) return null;
  const ordered = [...services].sort((a, b) => a.sortIndex - b.sortIndex || a.id - b.id);
  return (
    <section aria-labelledby="services-title">
      <Title order={2} size="h3" id="services-title" mb="xs">
        Services
      </Title>
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {ordered.map((s) => (
          <Group key={s.id} component="li" justify="space-between" wrap="nowrap" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <Box onClick={() => onBook(s.id)} style={{ flex: 1, minWidth: 0, cursor: 'pointer' }}>
              <Text fw={600} tt="capitalize" truncate>
                {s.name}
              </Text>
              <Text size="sm" c="dimmed">
                {s.duration} min · ${s.price.toFixed(2)}
              </Text>
            </Box>
            <Button variant="light" size="compact-md" onClick={() => onBook(s.id)} aria-label={`Book ${s.name}, ${s.duration} min, $${s.price.toFixed(2)}`}>
              Book
            </Button>
          </Group>
        ))}
      </Stack>
    </section>
  );
}
