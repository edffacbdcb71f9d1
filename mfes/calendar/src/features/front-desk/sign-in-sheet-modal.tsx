import { Modal } from '@mantine/core';
import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { FrontDesk } from './front-desk';

/** The calendar's sign-in sheet: the day's Turns and Sign-in Sheets, with check-in and reorder. */
export default function SignInSheetModal({ store, date, onClose }: { store: StoreView; date: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Sign-in sheet" size="xl" centered>
      <FrontDesk store={store} date={date} showTurns showRequests={false} />
    </Modal>
  );
}
