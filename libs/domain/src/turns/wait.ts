import type { BusyInterval } from './suggest';

/** How long a walk-in is expected to take when their services are unknown. */
export const DEFAULT_WALK_IN_MINUTES = 30;

/** A person in line, in arrival order. */
export interface QueuedPerson {
  sheetId: number;
  /** minutes their services take */
  duration: number;
  /** the staff member they asked for, null for anyone */
  staffId: number | null;
}

export interface WaitInput {
  /** minutes since the store's local midnight */
  nowMin: number;
  /** staff working now, with their booked time of the day */
  staff: ReadonlyArray<{ id: number; booked: readonly BusyInterval[] }>;
  /** people signed in and not yet served, in arrival order */
  queue: readonly QueuedPerson[];
}

export interface QueueEstimate {
  places: Array<{ sheetId: number; place: number; waitMinutes: number }>;
  /** the wait of someone joining the line now (a walk-in of DEFAULT_WALK_IN_MINUTES, anyone) */
  nextWaitMinutes: number;
}

/** The earliest start from `from` on where `duration` fits between the booked intervals. */
function earliestFit(booked: readonly BusyInterval[], from: number, duration: number): number {
  let start = from;
  for (const b of [...booked].sort((x, y) => x.startMin - y.startMin)) {
    if (b.endMin <= start) continue;
    if (b.startMin >= start + duration) break;
    start = b.endMin;
  }
  return start;
}

/**
 * Places and waits of the line: each person in arrival order takes the staff member (the one they asked
 * for, or anyone) who can start them soonest around the bookings already made, and their time is booked in
 * turn. With nobody working, one staff member is assumed (the line still moves; the desk calls someone).
 */
export function estimateQueue(input: WaitInput): QueueEstimate {
  const staff = (input.staff.length ? input.staff : [{ id: 0, booked: [] }]).map((s) => ({ id: s.id, booked: [...s.booked] }));
  const pick = (person: Pick<QueuedPerson, 'duration' | 'staffId'>) => {
    const asked = person.staffId == null ? [] : staff.filter((s) => s.id === person.staffId);
    const candidates = asked.length ? asked : staff;
    let best: { s: (typeof staff)[number]; start: number } | null = null;
    for (const s of candidates) {
      const start = earliestFit(s.booked, input.nowMin, person.duration);
      if (!best || start < best.start) best = { s, start };
    }
    return best!;
  };
  const places = input.queue.map((person, i) => {
    const duration = Math.max(1, person.duration);
    const best = pick({ ...person, duration });
    best.s.booked.push({ startMin: best.start, endMin: best.start + duration });
    return { sheetId: person.sheetId, place: i + 1, waitMinutes: Math.max(0, Math.round(best.start - input.nowMin)) };
  });
  const next = pick({ duration: DEFAULT_WALK_IN_MINUTES, staffId: null });
  return { places, nextWaitMinutes: Math.max(0, Math.round(next.start - input.nowMin)) };
}
