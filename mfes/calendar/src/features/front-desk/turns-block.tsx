import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TurnView } from '@turnbook/contracts/schemas/frontdesk';
import { api } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState } from 'react';
import { invalidateStore } from '../calendar-data/calendar-keys';
import { moveTurn, reasonProblem } from './front-desk-rules';
import { displayName } from '@turnbook/domain/text/names';

const TurnHistory = lazy(() => import(/* webpackChunkName: "calendar-turn-history" */ './turn-history'));
const TurnRules = lazy(() => import(/* webpackChunkName: "calendar-turn-rules" */ './turn-rules'));

export interface TurnsBlockProps {
  storeId: number;
  /** the store's zone: the history's times are the salon's clock */
  timeZone: string;
  date: string;
  turn: TurnView | null | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  /** owner, admin, superadmin: drag to reorder and read the history */
  canReorder: boolean;
  /** the owner: the turn rules */
  canSetRules: boolean;
}

function GripIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
      <circle cx="5" cy="3" r="1.5" />
      <circle cx="11" cy="3" r="1.5" />
      <circle cx="5" cy="8" r="1.5" />
      <circle cx="11" cy="8" r="1.5" />
      <circle cx="5" cy="13" r="1.5" />
      <circle cx="11" cy="13" r="1.5" />
    </svg>
  );
}

const turnsText = (n: number | undefined) => (n === undefined ? '' : `${n} turn${n === 1 ? '' : 's'}`);

function TurnRow({ name, position, turns, sortable }: { name: string; position: number; turns?: number; sortable: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: name, disabled: !sortable });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p={6}
      radius="md"
      shadow={isDragging ? 'md' : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined, position: 'relative' }}
    >
      <Group wrap="nowrap" gap="sm">
        {sortable ? (
          <UnstyledButton {...attributes} {...listeners} aria-label={`Drag ${displayName(name)}, position ${position}`} style={{ cursor: 'grab', touchAction: 'none', padding: 8, display: 'flex' }}>
            <GripIcon />
          </UnstyledButton>
        ) : null}
        <Text fw={700} w={28}>
          {position}.
        </Text>
        <Text fw={600} style={{ flex: 1 }}>
          {displayName(name)}
        </Text>
        {turns !== undefined ? <Text size="sm">{turnsText(turns)}</Text> : null}
      </Group>
    </Paper>
  );
}

/**
 * The Turns block: the day's turn list, first up first. Owner, admin and superadmin drag a name to a new
 * place (mouse, touch, or keyboard: space, arrows, space) and say why; everyone else reads the numbered list.
 */
export function TurnsBlock({ storeId, timeZone, date, turn, loading, error, onRetry, canReorder, canSetRules }: TurnsBlockProps) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<string[] | null>(null);
  const [panel, setPanel] = useState<'history' | 'rules' | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const list = pending ?? turn?.staffIds ?? [];
  const standing = new Map((turn?.standing ?? []).map((s) => [s.name, s.turns]));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!turn || !over || active.id === over.id) return;
    setPending(moveTurn(turn.staffIds, turn.staffIds.indexOf(String(active.id)), turn.staffIds.indexOf(String(over.id))));
  };

  let body: React.ReactNode;
  if (error) body = <ErrorState message={error.message} onRetry={onRetry} />;
  else if (loading) body = <LoadingState label="Loading the turns…" />;
  else if (!list.length) body = <EmptyState>Nobody has taken a turn yet.</EmptyState>;
  else {
    const rows = (
      <Stack gap={6} role="list" aria-label="Turn order">
        {list.map((name, i) => (
          <div role="listitem" key={name}>
            <TurnRow name={name} position={i + 1} turns={standing.get(name)} sortable={canReorder && !pending} />
          </div>
        ))}
      </Stack>
    );
    body = canReorder ? (
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={list} strategy={verticalListSortingStrategy}>
          {rows}
        </SortableContext>
      </DndContext>
    ) : (
      rows
    );
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="turns-title">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4" id="turns-title">
          Turns
        </Title>
        <Group gap={4}>
          {canReorder ? (
            <Button size="xs" variant="default" onClick={() => setPanel('history')}>
              History
            </Button>
          ) : null}
          {canSetRules ? (
            <Button size="xs" variant="default" onClick={() => setPanel('rules')}>
              Turn rules
            </Button>
          ) : null}
        </Group>
      </Group>
      {body}
      {pending && turn ? (
        <ReasonModal
          onCancel={() => setPending(null)}
          onSave={async (reason) => {
            await api.post('POST updateTurn', { id: turn.id, staffIds: pending, reason });
            await invalidateStore(qc, storeId);
            setPending(null);
          }}
        />
      ) : null}
      <Suspense fallback={null}>
        {panel === 'history' ? <TurnHistory storeId={storeId} date={date} timeZone={timeZone} onClose={() => setPanel(null)} /> : null}
        {panel === 'rules' ? <TurnRules storeId={storeId} onClose={() => setPanel(null)} /> : null}
      </Suspense>
    </Stack>
  );
}

/** A manual move asks why: the turn history keeps the answer, so a dispute ends with facts. */
function ReasonModal({ onCancel, onSave }: { onCancel: () => void; onSave: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = reasonProblem(reason);
    if (problem) return setFailure(problem);
    setBusy(true);
    try {
      await onSave(reason.trim());
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onCancel} title="Why does the order change?" centered>
      <form onSubmit={submit} noValidate aria-label="Reason for the move">
        <Stack>
          <TextInput label="Reason" value={reason} onChange={(e) => { setReason(e.currentTarget.value); setFailure(null); }} maxLength={200} data-autofocus />
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group gap="xs">
            <Button type="submit" loading={busy}>
              Save order
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
