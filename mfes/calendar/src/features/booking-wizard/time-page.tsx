import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { alert } from '@turnbook/web-kit/ui';
import { conflictText } from './book-calls';
import { StartTimes } from './start-times';
import type { BookingWizardState } from './use-booking-wizard';
import { WizardFooter } from './wizard-footer';
import { dateProblem, PAGES, totalDuration, WIZARD_MESSAGES } from './wizard-rules';

/** Page 12: the date and an open start time, the staff member's conflicts marked. */
export function TimePage({ w }: { w: BookingWizardState }) {
  const { draft, dispatch, data } = w;
  const { slots, today, staffName } = data;
  const list = slots.data?.slots ?? [];
  const onDateChange = (date: string) => {
    dispatch({ type: 'set', patch: { date, start: null } });
    if (date && dateProblem(date, today)) void alert(WIZARD_MESSAGES.invalidDateTitle, WIZARD_MESSAGES.invalidDate);
  };
  // Next only once an offered start is chosen (the spec's 'start is not 00:00'); a start kept from a
  // clicked slot or an earlier visit counts only while this day still offers it.
  const next = list.some((s) => s.start === draft.start)
    ? () => {
        const p = dateProblem(draft.date, today);
        if (p) return void alert(WIZARD_MESSAGES.invalidDateTitle, p);
        dispatch({ type: 'go', page: PAGES.notes });
      }
    : null;
  return (
    <>
      <Stack>
        <TextInput type="date" label="Date" value={draft.date} min={today} onChange={(e) => onDateChange(e.currentTarget.value)} />
        <Text size="sm" c="dimmed">
          <Text span tt="capitalize" inherit>{staffName(draft.staffId ?? 0)}</Text> · {slots.data?.duration ?? totalDuration(data.longest, data.allServices)} min
        </Text>
        {slots.isPending && data.dateOk ? <Text>Loading …</Text> : null}
        {slots.isSuccess && list.length === 0 && <Text>No start time is open on this date (the store is closed, or it is a day off).</Text>}
        {slots.isError && <Alert color="red">{slots.error.message}</Alert>}
        {list.length > 0 && <StartTimes slots={list} picked={draft.start} onPick={(start) => dispatch({ type: 'set', patch: { start } })} />}
        {draft.start && list.some((s) => s.start === draft.start && !s.free) && (
          <Alert color="orange" variant="light">
            {conflictText(draft.staffId, staffName(draft.staffId ?? 0), draft.start)}
          </Alert>
        )}
      </Stack>
      <WizardFooter w={w} next={next} />
    </>
  );
}
