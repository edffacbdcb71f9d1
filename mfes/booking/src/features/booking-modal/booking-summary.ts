import type { PublicEmployeeView, ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { longDate } from './booking-window';
import { ONLINE_COLUMN } from '@turnbook/domain/calendar-columns';
import { endOf, type RequestDraft } from './request-calls';
import { capitalised, staffLabel } from './staff-display';

export interface SummaryRow {
  label: string;
  value: string;
}

/**
 * What the customer is about to ask for (the review before Submit) and asked for (the thank-you): each
 * service with its length and price, the staff member, the day, the time, the total and who asks.
 */
export function bookingSummary(input: {
  draft: RequestDraft;
  services: ServiceView[];
  staff: PublicEmployeeView[];
  start: string;
  duration: number;
  person?: { fname: string; lname: string; phone: string; email: string } | null;
}): SummaryRow[] {
  const { draft, start, duration, person } = input;
  const chosen = input.services.filter((s) => draft.serviceIds.includes(s.id));
  const total = chosen.reduce((sum, s) => sum + s.priceCents, 0) / 100;
  const member = input.staff.find((e) => e.id === draft.staffId);
  const rows: SummaryRow[] = [
    ...chosen.map((s, i) => ({ label: i === 0 ? (chosen.length > 1 ? 'Services' : 'Service') : '', value: `${capitalised(s.name)} · ${s.duration} min · $${s.price.toFixed(2)}` })),
    { label: 'Staff', value: draft.staffId === ONLINE_COLUMN || !member ? 'Anyone available' : staffLabel(member) },
    { label: 'Day', value: longDate(draft.date) },
    { label: 'Time', value: `${start} - ${endOf(start, duration)} (${duration} min)` },
    { label: 'Price', value: `$${total.toFixed(2)}` },
  ];
  if (draft.note.trim()) rows.push({ label: 'Note', value: draft.note.trim() });
  if (person) {
    rows.push({ label: 'Name', value: capitalised(`${person.fname} ${person.lname}`) });
    rows.push({ label: 'Phone', value: formatPhone(person.phone.replace(/\D/g, '')) });
    if (person.email) rows.push({ label: 'Email', value: person.email.trim().toLowerCase() });
  }
  return rows;
}
