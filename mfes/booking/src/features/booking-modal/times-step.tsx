import { Button, Stack } from '@mantine/core';
import { longDate } from './booking-window';
import type { RequestDraft } from './request-calls';
import { StickyActions } from './sticky-actions';
import { TimeSlots } from './time-slots';
import type { useTimeSearch } from './use-time-search';

/** The day's free times (or the sorry text and the next day with times), and Next to the account or review. */
export function TimesStep({ ts, draft, onDraft, onTryAgain, onNext, action = 'Next', busy = false }: {
  ts: ReturnType<typeof useTimeSearch>;
  draft: RequestDraft;
  onDraft: (d: RequestDraft) => void;
  onTryAgain: () => void;
  onNext: () => void;
  action?: string;
  busy?: boolean;
}) {
  if (!ts.times) return null;
  return (
    <Stack>
      <TimeSlots
        slots={ts.times.slots}
        chosen={ts.start}
        onChoose={ts.setStart}
        onTryAgain={onTryAgain}
        dateLabel={longDate(draft.date)}
        next={ts.next}
        onNextDay={() => {
          const date = ts.takeNext();
          if (date) onDraft({ ...draft, date });
        }}
      />
      {ts.times.slots.length > 0 && (
        <StickyActions>
          <Button onClick={onNext} disabled={!ts.start} loading={busy} fullWidth>
            {action}
          </Button>
        </StickyActions>
      )}
    </Stack>
  );
}
