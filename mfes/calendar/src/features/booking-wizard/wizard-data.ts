import { useQuery } from '@tanstack/react-query';
import type { EmployeeView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { bookableServices, todayIn } from '@turnbook/domain';
import { api } from '@turnbook/web-kit';
import { displayName, fullName } from '@turnbook/domain/text/names';
import { calendarKeys } from '../calendar-data/calendar-keys';
import { availabilityStaffId, dateProblem, longestSelection, NEXT_AVAILABLE, PAGES, wizardStaff, type WizardState } from './wizard-rules';

export const staffLabel = (e: Pick<EmployeeView, 'nickname' | 'fname' | 'lname'>) => displayName(e.nickname) || fullName(e);

/** What the wizard reads: the store's staff and services, and the open start times once the time page shows. */
export function useWizardData(store: StoreView, { page, draft }: WizardState) {
  const staff = useQuery({
    queryKey: [...calendarKeys.store(store.id), 'wizard', 'staff'],
    queryFn: async () => (await api.get('GET getStaffsByStoreId/{storeId}', { storeId: store.id })).employees,
  });
  const services = useQuery({
    queryKey: [...calendarKeys.store(store.id), 'wizard', 'services'],
    queryFn: async () => (await api.get('GET getServicesByStoreId/{storeId}', { storeId: store.id })).services,
  });
  const offered = bookableServices(services.data ?? []);
  const allServices = services.data ?? [];
  // A rebook keeps its services even if one is no longer offered (the spec's edit rule).
  const shown = [...offered, ...allServices.filter((s) => !offered.includes(s) && draft.selections.some((sel) => sel.includes(s.id)))];
  const staffList = wizardStaff(staff.data ?? []);

  const today = todayIn(store.timezone);
  const longest = longestSelection(draft.selections, allServices);
  const dateOk = dateProblem(draft.date, today) === null;
  const slots = useQuery({
    queryKey: [...calendarKeys.store(store.id), 'wizard', 'availability', draft.date, draft.staffId, longest.join(',')],
    enabled: page === PAGES.time && dateOk && longest.length > 0 && draft.staffId !== null,
    queryFn: async () =>
      (
        await api.get('GET staffAvailability/{storeId}/{date}', { storeId: store.id, date: draft.date }, {
          query: { serviceIds: longest.join(','), staffId: availabilityStaffId(draft.staffId) },
        })
      ),
  });

  const staffName = (id: number) => {
    if (id === NEXT_AVAILABLE.id) return NEXT_AVAILABLE.label;
    const e = staffList.find((s) => s.id === id);
    return e ? staffLabel(e) : `staff ${id}`;
  };

  return { staff, services, offered, allServices, shown, staffList, staffName, today, longest, dateOk, slots };
}
