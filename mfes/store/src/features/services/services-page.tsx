import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError, isNotAvailable } from '@turnbook/web-kit';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { EmptyState, ErrorState, LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { StorePage } from '../page-frame/store-page';
import { ServiceIcon } from './icons/service-icon';
import { dollars, fetchServices, hex, serviceKeys, textOn, type Service } from './service-model';

function ServiceCard({ service, isOwner, reorder, onMove, first, last }: { service: Service; isOwner: boolean; reorder: boolean; onMove: (id: number, delta: number) => void; first: boolean; last: boolean }) {
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

/** /services: the store's services; the owner adds, edits and reorders them by drag (docs/product/README.md, docs/product/statuses.md). */
export default function ServicesPage() {
  const { storeId, isOwner } = useStoreAccess();
  const services = useQuery({ queryKey: serviceKeys.byStore(storeId), enabled: Boolean(storeId), queryFn: () => fetchServices(storeId!) });
  const [reorder, setReorder] = useState(false);
  const [order, setOrder] = useState<Service[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (!storeId)
    return (
      <StorePage title="Services">
        <EmptyState>No store chosen</EmptyState>
        <Anchor component={Link} to="/stores" ta="center">
          Choose a store
        </Anchor>
      </StorePage>
    );

  const list = reorder ? order ?? services.data ?? [] : services.data ?? [];
  const startReorder = () => {
    setOrder(services.data ?? []);
    setError(null);
    setReorder(true);
  };
  const cancel = async () => {
    setReorder(false);
    setOrder(null);
    setError(null);
    await services.refetch();
  };
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const current = order ?? [];
      for (let i = 0; i < current.length; i++) {
        await api.post('POST updateServiceSortIndex/{id}', { sortIndex: i }, { id: current[i].id });
      }
      await services.refetch();
      setReorder(false);
      setOrder(null);
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The new order could not be saved.');
    } finally {
      setSaving(false);
    }
  };
  const move = (id: number, delta: number) =>
    setOrder((o) => {
      const cur = o ?? [];
      const from = cur.findIndex((s) => s.id === id);
      const to = from + delta;
      return from < 0 || to < 0 || to >= cur.length ? cur : arrayMove(cur, from, to);
    });
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    setOrder((o) => {
      const cur = o ?? [];
      const from = cur.findIndex((s) => s.id === e.active.id);
      const to = cur.findIndex((s) => s.id === e.over!.id);
      return from < 0 || to < 0 ? cur : arrayMove(cur, from, to);
    });
  };

  const actions =
    isOwner &&
    (reorder ? (
      <>
        <Button variant="default" onClick={cancel} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={save} loading={saving}>
          Save
        </Button>
      </>
    ) : (
      <>
        <Button variant="light" onClick={startReorder} disabled={!services.data?.length} leftSection={<span aria-hidden>⇅</span>}>
          reorder
        </Button>
        <Button component={Link} to="/services/create" leftSection={<span aria-hidden>+</span>} aria-label="Add service">
          Add
        </Button>
      </>
    ));

  let content;
  if (services.isPending) content = <LoadingState label="Loading services…" />;
  else if (services.isError)
    content = isNotAvailable(services.error) ? <NotAvailable what="Services" onRetry={() => services.refetch()} /> : <ErrorState message={services.error.message} onRetry={() => services.refetch()} />;
  else if (!list.length) content = <EmptyState />;
  else
    content = (
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={list.map((s) => s.id)} strategy={verticalListSortingStrategy}>
          <Stack component="ul" gap="xs" p={0} m={0} aria-label="Services">
            {list.map((s, i) => (
              <ServiceCard key={s.id} service={s} isOwner={isOwner} reorder={reorder} onMove={move} first={i === 0} last={i === list.length - 1} />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    );

  return (
    <StorePage title="Services" size="md" actions={actions}>
      {reorder && (
        <Text size="sm" c="dimmed" role="status">
          Drag the handles (or use the arrows) to change the order, then Save.
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {content}
    </StorePage>
  );
}
