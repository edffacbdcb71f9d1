import { Button, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TurnView } from '@turnbook/contracts/schemas/frontdesk';
import { api } from '@turnbook/web-kit';
import { EmptyState, ErrorState, LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense, useState } from 'react';
import { invalidateStore } from '../calendar-data/calendar-keys';
import { moveTurn } from './front-desk-rules';
import { ReasonModal } from './turn-reason-modal';
import { TurnOrder } from './turn-order';

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

/**
 * The Turns block: the day's turn list, first up first. Owner, admin and superadmin drag a name to a new
 * place (mouse, touch, or keyboard: space, arrows, space) and say why; everyone else reads the numbered list.
 */
export function TurnsBlock({ storeId, timeZone, date, turn, loading, error, onRetry, canReorder, canSetRules }: TurnsBlockProps) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<string[] | null>(null);
  const [panel, setPanel] = useState<'history' | 'rules' | null>(null);
  const list = pending ?? turn?.staffIds ?? [];
  const standing = new Map((turn?.standing ?? []).map((s) => [s.name, s.turns]));
  const onMove = (from: string, to: string) => {
    if (turn) setPending(moveTurn(turn.staffIds, turn.staffIds.indexOf(from), turn.staffIds.indexOf(to)));
  };
  let body: React.ReactNode;
  if (error) body = <ErrorState message={error.message} onRetry={onRetry} />;
  else if (loading) body = <LoadingState label="Loading the turns…" />;
  else if (!list.length) body = <EmptyState>Nobody has taken a turn yet.</EmptyState>;
  else body = <TurnOrder list={list} standing={standing} canReorder={canReorder} locked={!!pending} onMove={onMove} />;

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
