import type { StoreView } from '@turnbook/contracts/schemas/scheduling';

/** The toolbar's store-level pieces: the online requests bell, the activities button, today's income. */
export interface StoreActivityProps {
  store: StoreView;
  /** The day shown (YYYY-MM-DD), for today's income. */
  date: string;
  /** Opening a request from the list shows its details. */
  onOpenAppointment: (id: number) => void;
  /** The bell is in the calendar's bottom bar (docs/decisions.md): not drawn here. */
  bellElsewhere?: boolean;
  /** Each new value opens the online requests list (the bottom bar's bell). */
  openRequests?: number;
}
