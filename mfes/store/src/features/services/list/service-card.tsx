import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ServiceIcon } from '../icons/service-icon';
import { dollars, hex, textOn, type Service } from '../service-model';

/** One service in its colour: icon, name (to its page), duration, price, status; Edit, or while reordering a handle and arrows. */
export function ServiceCard({ service, isOwner, reorder, onMove, first, last }: { service: Service; isOwner: boolean; reorder: boolean; onMove: (id: number, delta: number) => void; first: boolean; last: boolean }) {
  const sortable = useSortable({ id: service.id, disabled: !reorder });
  const fg = textOn(service.color);
  return (
    <Paper
      ref={sortable.setNodeRef}
      component="li"
      radius="md"
      p="sm"
      withBorder
      aria-label={service.name}
      style={{
        background: hex(service.color),
        color: fg,
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        zIndex: sortable.isDragging ? 2 : undefined,
        boxShadow: sortable.isDragging ? 'var(--mantine-shadow-md)' : undefined,
        listStyle: 'none',
      }}
    >
      <Group wrap="nowrap" gap="sm" align="center">
        {reorder && (
          <ActionIcon
            variant="subtle"
            color="dark"
            size="lg"
            aria-label={`Drag ${service.name}`}
            style={{ cursor: 'grab', touchAction: 'none', color: fg }}
            {...sortable.attributes}
            {...sortable.listeners}
          >
            <span aria-hidden style={{ fontSize: 20, lineHeight: 1 }}>
              ⋮⋮
            </span>
          </ActionIcon>
        )}
        <ServiceIcon icon={service.icon} size={36} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {reorder ? service.name : <Anchor component={Link} to={`/services/${service.id}`} c={fg} fw={700} underline="hover">{service.name}</Anchor>}
          </Text>
          <Group gap={6} wrap="wrap">
            <Text size="sm">
              {service.duration} min · {dollars(service.price)}
            </Text>
            <Badge variant="white" color={service.status === 'ON' ? 'teal.9' : 'gray.7'} size="xs" aria-label={`Status ${service.status}`}>
              {service.status}
            </Badge>
          </Group>
          {service.type === 'INTERNAL' && (
            <Text size="xs" fs="italic">
              *Internal service
            </Text>
          )}
        </Stack>
        {reorder && (
          <Group gap={2} wrap="nowrap">
            <ActionIcon variant="white" color="dark" aria-label={`Move ${service.name} up`} disabled={first} onClick={() => onMove(service.id, -1)}>
              <span aria-hidden>↑</span>
            </ActionIcon>
            <ActionIcon variant="white" color="dark" aria-label={`Move ${service.name} down`} disabled={last} onClick={() => onMove(service.id, 1)}>
              <span aria-hidden>↓</span>
            </ActionIcon>
          </Group>
        )}
        {isOwner && !reorder && (
          <Button component={Link} to={`/services/edit/${service.id}`} size="xs" variant="white" color="dark" aria-label={`Edit ${service.name}`}>
            Edit
          </Button>
        )}
      </Group>
    </Paper>
  );
}
