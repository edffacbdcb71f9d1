import { Button, Group } from '@mantine/core';
import type { DetailsAction } from './details-rules';

const BUTTON_LABELS: Record<DetailsAction, string> = {
  edit: 'Edit',
  delete: 'Delete',
  history: 'History',
  rebook: 'Rebook',
  checkout: 'Check Out',
  approve: 'Approve',
  decline: 'Decline',
  acceptCancel: 'Accept cancellation',
  keep: 'Keep appointment',
  checkIn: 'Check in',
};

const REFUSALS: DetailsAction[] = ['delete', 'decline', 'acceptCancel'];
const FORWARD: DetailsAction[] = ['checkout', 'approve', 'checkIn', 'keep'];
/** Written at once from the details (no form): their button spins while the write runs. */
const AT_ONCE: DetailsAction[] = ['approve', 'decline', 'acceptCancel', 'keep'];

/** The details' action buttons, and the Text Center's when the caller may text the customer. */
export function DetailsButtons({ actions, textable, busy, onAct, onTexts }: {
  actions: DetailsAction[];
  textable: boolean;
  busy: boolean;
  onAct: (action: DetailsAction) => void;
  onTexts: () => void;
}) {
  if (actions.length === 0 && !textable) return null;
  return (
    <Group gap="xs" mt="sm" aria-label="Actions" role="group">
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          loading={busy && AT_ONCE.includes(action)}
          disabled={busy}
          variant={REFUSALS.includes(action) ? 'outline' : FORWARD.includes(action) ? 'filled' : 'default'}
          color={REFUSALS.includes(action) ? 'red.9' : undefined}
          onClick={() => onAct(action)}
        >
          {BUTTON_LABELS[action]}
        </Button>
      ))}
      {textable && (
        <Button size="sm" variant="default" disabled={busy} onClick={onTexts}>
          Text Center
        </Button>
      )}
    </Group>
  );
}
