import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { useState } from 'react';
import { approveRequest } from '../calendar-data/approve-request';
import { calendarKeys, invalidateStore } from '../calendar-data/calendar-keys';
import { sendText, textFailure } from '../texts/texts-data';
import { recipientOf, TEXTS_MESSAGES } from '../texts/texts-rules';
import type { WriteAnswer } from './details-data';
import { isDayOff, type DeleteChoice, type DetailsAction } from './details-rules';

/** The details' views besides the details themselves: one per action that needs a form or a list. */
export type DetailsView = 'details' | 'edit' | 'delete' | 'checkout' | 'history' | 'checkIn' | 'customer' | 'texts';

/** 'Cancel and Text Customer': the cancellation text, after the cancel itself went through. */
async function textCancellation(storeId: number, a: AppointmentView) {
  const recipient = recipientOf(a.customerPhone);
  try {
    if (!recipient) throw new Error(TEXTS_MESSAGES.noPhone);
    await sendText({ storeId, recipient, kind: 'cancel', appointmentId: a.id });
  } catch (e) {
    throw new Error(`${TEXTS_MESSAGES.canceledNotTexted} ${textFailure(e)}`, { cause: e });
  }
}

const cancel = (x: AppointmentView) => api.get('GET cancelAppointment/{id}', { id: x.id });

/**
 * The details' writes: each one busy while it runs, its failure shown, its overlap answered; afterwards the
 * store is read again and the details come back (or close, after a delete).
 */
export function useDetailsWrites({ store, appointmentId, onClose, onRebook, setView }: {
  store: StoreView;
  appointmentId: number;
  onClose: () => void;
  onRebook: (a: AppointmentView) => void;
  setView: (v: DetailsView) => void;
}) {
  const qc = useQueryClient();
  const [answer, setAnswer] = useState<WriteAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** After a write: the answer's overlap shown, and everything the calendar shows of the store read again. */
  const written = async (res: WriteAnswer | null, close = false) => {
    setAnswer(res);
    setFailure(null);
    if (close) {
      qc.removeQueries({ queryKey: calendarKeys.appointment(store.id, appointmentId) });
      onClose();
    } else setView('details');
    await invalidateStore(qc, store.id);
  };
  const run = async (write: () => Promise<WriteAnswer | null>, close = false) => {
    setBusy(true);
    try {
      await written(await write(), close);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const act = (action: DetailsAction, x: AppointmentView) => {
    switch (action) {
      case 'rebook':
        onRebook(x);
        onClose();
        return;
      // Approve and 'Keep appointment' claim the time: an overlap the server names is shown and confirmed first.
      case 'approve':
      case 'keep':
        return void run(() => approveRequest(x));
      case 'decline':
      case 'acceptCancel':
        return void run(() => cancel(x));
      default:
        setFailure(null);
        setView(action);
    }
  };

  const remove = (choice: DeleteChoice, a: AppointmentView) =>
    run(async () => {
      if (choice === 'delete') {
        if (isDayOff(a)) await api.delete('DELETE appointment/{id}', { id: a.id });
        else await api.get('GET removeAppointment/{id}', { id: a.id });
        return null;
      }
      const done = await cancel(a);
      if (choice === 'cancelAndText') {
        // A text that fails leaves the details open on the cancelled appointment, saying so.
        await invalidateStore(qc, store.id);
        setView('details');
        await textCancellation(store.id, a);
      }
      return done;
    }, true);

  return { answer, failure, busy, written, act, remove };
}
