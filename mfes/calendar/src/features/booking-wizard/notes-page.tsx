import { Stack, Switch, Text, Textarea } from '@mantine/core';
import { fullName } from '@turnbook/domain/text/names';
import { BookingSummary } from './booking-summary';
import { GroupCard } from './group-card';
import type { BookingWizardState } from './use-booking-wizard';
import { WizardFooter } from './wizard-footer';
import { groupNote, needsCardForGroup, type WizardDraft } from './wizard-rules';

/** Page 13: the summary, a note, a group's card on file and the confirmation text; Finish books. */
export function NotesPage({ w }: { w: BookingWizardState }) {
  const { draft, dispatch, people, typed } = w;
  const set = (patch: Partial<WizardDraft>) => dispatch({ type: 'set', patch });
  const isGroup = draft.kind === 'group';
  return (
    <>
      <Stack>
        <BookingSummary
          draft={draft}
          people={people}
          staffName={w.data.staffName}
          services={w.data.allServices}
          newName={draft.isNew ? fullName({ fname: typed.fname, lname: typed.lname }) : null}
          newPhone={typed.phone}
        />
        {isGroup && <Text c="dimmed">{groupNote(people)}</Text>}
        <Textarea label="Notes" value={draft.note} onChange={(e) => set({ note: e.currentTarget.value })} autosize minRows={2} maxLength={900} />
        {isGroup && needsCardForGroup(people) && <GroupCard storeId={w.store.id} card={draft.card} onCard={(card) => set({ card })} />}
        {w.access.isStoreLogin && (
          <Switch label="Send confirmation" checked={draft.sendConfirmation} onChange={(e) => set({ sendConfirmation: e.currentTarget.checked })} />
        )}
      </Stack>
      <WizardFooter w={w} />
    </>
  );
}
