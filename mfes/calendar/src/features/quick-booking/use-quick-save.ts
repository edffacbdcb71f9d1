import { useQueryClient } from '@tanstack/react-query';
import type { ServiceView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { api } from '@turnbook/web-kit';
import { useState } from 'react';
import { saveBooking, saveFailure, type Written } from '../booking-wizard/book-calls';
import type { PickedCustomer } from '../booking-wizard/customer-pick';
import { appointmentBodies, needsCardForGroup, newCustomerBody, WIZARD_MESSAGES } from '../booking-wizard/wizard-rules';
import { availabilityQuery } from './availability-query';
import { laterStart, QUICK_MESSAGES, saveProblem, splitName, timeProblem, WALK_IN_CUSTOMER } from './quick-rules';
import type { QuickSlot } from './quick-slot';

export interface QuickBooking {
  customerProblem: string | null;
  /** the new customer's fields are valid (false shows their messages) */
  checkFields: () => Promise<boolean>;
  walkIn: boolean;
  picked: PickedCustomer | null;
  typed: { name: string; phone: string };
  serviceIds: number[];
  people: number;
  /** the card on file a group of 3 or more holds (docs/product/deposits.md) */
  cardOnFile: string | null;
}

/**
 * Save: the wizard's checks in its order (customer, services, time), then its calls: POST customer for a
 * new one (or the walk-in's own record), POST appointment per person. `onPicked` keeps a customer just
 * made, so a retry after a failed appointment does not make it twice.
 */
export function useQuickSave(store: StoreView, slot: QuickSlot, services: ServiceView[], onPicked: (c: PickedCustomer) => void, onClose: () => void) {
  const qc = useQueryClient();
  const [problem, setMessage] = useState<string | null>(null);
  /** with a start that is not offered: the next one that is, to take instead */
  const [later, setLater] = useState<string | null>(null);
  const setProblem = (message: string | null, instead: string | null = null) => {
    setMessage(message);
    setLater(instead);
  };
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Written[] | null>(null);

  const save = async (b: QuickBooking) => {
    setProblem(null);
    if (!b.customerProblem && !b.walkIn && !b.picked && !(await b.checkFields())) return;
    const early = saveProblem({ customer: b.customerProblem, serviceIds: b.serviceIds, time: () => null });
    if (early) return setProblem(early);
    if (needsCardForGroup(b.people) && !b.cardOnFile) return setProblem(WIZARD_MESSAGES.groupCard);
    setBusy(true);
    try {
      const offered = await qc.fetchQuery(availabilityQuery(store, slot.date, slot.staffId, b.serviceIds));
      const late = timeProblem(store, slot.date, slot.time, offered.duration, offered.slots, slot.staffName);
      if (late) return setProblem(late, late === QUICK_MESSAGES.notOffered(slot.staffName, slot.time) ? laterStart(offered.slots, slot.time) : null);
      const customerId = b.picked?.id ?? (await createCustomer(store.id, b, onPicked));
      const selections = Array.from({ length: b.people }, () => b.serviceIds);
      const bodies = appointmentBodies({ storeId: store.id, staffId: slot.staffId, customerId, selections, date: slot.date, start: slot.time, note: '', cardOnFile: b.cardOnFile ?? undefined }, services, store.timezone);
      const overlapped = await saveBooking(qc, store.id, bodies, false);
      if (overlapped) return setDone(overlapped);
      onClose();
    } catch (e) {
      setProblem(saveFailure(e));
    } finally {
      setBusy(false);
    }
  };
  return { save, problem, later, setProblem, busy, done };
}

async function createCustomer(storeId: number, b: QuickBooking, onPicked: (c: PickedCustomer) => void): Promise<number> {
  const body = b.walkIn ? { storeId, ...WALK_IN_CUSTOMER } : newCustomerBody(storeId, { ...splitName(b.typed.name), phone: b.typed.phone });
  const { customer } = await api.post('POST customer', body);
  // A caller without access to the store is answered the id only: the names are then the ones sent.
  onPicked('fname' in customer ? customer : { id: customer.id, fname: body.fname, lname: body.lname, phone: body.phone });
  return customer.id;
}
