import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { formatDate } from '../day-grid/grid-model';

const DatePopover = lazy(() => import(/* webpackChunkName: "calendar-date-popover" */ './date-popover'));

export interface DateJumpProps {
  date: string;
  onChange: (date: string) => void;
}

/**
 * The toolbar's date: a button showing it that opens a mini-calendar. The calendar (Mantine dates and its
 * popover) loads on the first click, so the route's first load stays within its budget.
 */
export function DateJump({ date, onChange }: DateJumpProps) {
  const [wanted, setWanted] = useState(false);
  const label = formatDate(date, 'numeric');
  const button = (
    <Button variant="default" aria-haspopup="dialog" aria-label={`Date ${label}`} onClick={() => setWanted(true)}>
      {label}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <DatePopover date={date} label={label} onChange={onChange} />
    </Suspense>
  );
}
