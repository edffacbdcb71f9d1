import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import type { TimeAxis } from './time-axis';

/** Height of one 15-minute slot, in px (the drag snaps to it). */
export const SLOT_PX = 24;

export interface GridColumn {
  /** unique in the grid; for a staff column its staff id, for a week day its date */
  key: string;
  title: string;
  /** a second header line (the day income, a date) */
  subtitle?: string;
  /** the column's date */
  date: string;
  /** the staff id a click books with or a drop moves to; undefined: none (week days) */
  staffId?: number;
  /** Online, Cancel or Unassigned: narrower than a staff column, and the first to scroll out of view */
  special?: boolean;
  color?: string;
  /** the staff member's weekly day off: the column is shaded */
  off?: boolean;
  items: AppointmentView[];
  /** a click on an empty slot books here */
  bookable: boolean;
  /** appointments may be dropped here */
  droppable: boolean;
  onTitleClick?: () => void;
}

export interface MoveRequest {
  appointment: AppointmentView;
  staffId: number;
  startMin: number;
}

/** Where a dragged card would land now: shown before the drop (ruling 10, issue 30 item 14). */
export interface Landing extends MoveRequest {
  key: string;
  endMin: number;
  /** outside the store's hours that day: the drop is refused */
  outside: boolean;
}

export interface DayGridProps {
  columns: GridColumn[];
  /** the rows: wall minutes from open to close, none in the date's spring-forward gap */
  range: TimeAxis;
  /** the store's open hours on the day: slots outside are shaded */
  open?: { open: number; close: number } | null;
  /** the minute the grid opens scrolled to (today: before now; another day: its opening), once per day shown */
  firstMinute?: number;
  /** today's view: the store's time zone, for the line at the current time */
  nowZone?: string;
  onSlotClick?: (column: GridColumn, minutes: number) => void;
  onAppointmentClick?: (a: AppointmentView) => void;
  /** whether this appointment may be dragged */
  canDrag?: (a: AppointmentView) => boolean;
  onMove?: (move: MoveRequest) => void;
  label: string;
}
