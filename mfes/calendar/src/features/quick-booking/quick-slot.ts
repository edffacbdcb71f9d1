/** The clicked slot: a staff member's column (or Online, Unassigned), its date and start. */
export interface QuickSlot {
  date: string;
  staffId: number;
  /** the column's title */
  staffName: string;
  /** 'hh:mm am' */
  time: string;
}
