import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { CANCEL_COLUMN, formatTime12, isDayOffRecord } from '@turnbook/domain';
import { useCallback, useState } from 'react';
import type { WizardStart } from '../booking-wizard';
import type { GridColumn, MoveRequest } from '../day-grid/day-grid';
import type { QuickSlot } from '../quick-booking';
import type { View } from './use-calendar-address';
import { useMoveAppointment } from './use-move';

/** What the grid does on a click or a drag: open an appointment, book a slot, move a card. */
export function useGridActions({ store, view, present, notLimited, manager, setOpenId, setWizard }: {
  store: StoreView;
  view: View;
  present: boolean;
  notLimited: boolean;
  manager: boolean;
  setOpenId: (id: number | null) => void;
  setWizard: (start: WizardStart | null) => void;
}) {
  const move = useMoveAppointment(store.id, setOpenId, store.hours);
  const canDrag = useCallback(
    (a: AppointmentView) => view === 'day' && notLimited && present && a.status !== 'CANCEL' && a.staffId !== CANCEL_COLUMN && (manager || !isDayOffRecord(a)),
    [view, notLimited, present, manager],
  );
  const onMove = useCallback((m: MoveRequest) => void move(m), [move]);
  const [quick, setQuick] = useState<QuickSlot | null>(null);
  // A staff column's slot opens the quick booking (staff and time from the slot); a week day's, the wizard.
  const onSlotClick = useCallback((c: GridColumn, minutes: number) => {
    const time = formatTime12(minutes);
    if (c.staffId === undefined) setWizard({ date: c.date, time });
    else setQuick({ date: c.date, staffId: c.staffId, staffName: c.title, time });
  }, [setWizard]);
  const onAppointmentClick = useCallback((a: AppointmentView) => setOpenId(a.id), [setOpenId]);
  return { canDrag, onMove, onSlotClick, onAppointmentClick, quick, setQuick };
}
