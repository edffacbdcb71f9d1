import { Button, Group, Title } from '@mantine/core';
import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import type { CSSProperties } from 'react';
import { GridLegend } from '../day-grid/grid-legend';
import { MerchantTransactions } from '../merchant-transactions';
import { StoreActivity } from '../store-activity';
import { TextsToolbar } from '../texts/texts-toolbar';
import { DateJump } from './date-jump';
import type { View } from './use-calendar-address';

/**
 * The chosen view's filled button keeps its colour under the pointer (Mantine lightens it on hover, to
 * 4.34:1 behind white text) and switches without a fade.
 */
const VIEW_BUTTON = { transition: 'none', '--button-hover': 'var(--button-bg)' } as CSSProperties;

/** Above the grid: the day (or week) stepping, the view, Book and the store's tools; then the heading and the legend. */
export function CalendarToolbar({ store, date, today, view, heading, goTo, step, onBook, onOpenAppointment, openRequests }: {
  store: StoreView;
  date: string;
  today: string;
  view: View;
  heading: string;
  /** `null` keeps the date or view */
  goTo: (date: string | null, view: View | null) => void;
  step: (n: -1 | 1) => void;
  /** null: the caller may not book */
  onBook: (() => void) | null;
  onOpenAppointment: (id: number) => void;
  openRequests: number;
}) {
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={() => step(-1)} aria-label={view === 'week' ? 'Previous week' : 'Previous day'}>‹</Button>
          <Button variant="default" onClick={() => goTo(today, null)}>Today</Button>
          <Button variant="default" onClick={() => step(1)} aria-label={view === 'week' ? 'Next week' : 'Next day'}>›</Button>
          <DateJump date={date} onChange={(d) => goTo(d, null)} />
          <Button.Group aria-label="View">
            {(['day', 'week'] as const).map((v) => (
              <Button key={v} variant={view === v ? 'filled' : 'default'} aria-pressed={view === v} onClick={() => goTo(null, v)} style={VIEW_BUTTON}>
                {v === 'day' ? 'Day' : 'Week'}
              </Button>
            ))}
          </Button.Group>
        </Group>
        <Group gap="xs">
          {onBook ? <Button onClick={onBook}>Book</Button> : null}
          <TextsToolbar store={store} date={date} />
          <StoreActivity store={store} date={date} onOpenAppointment={onOpenAppointment} bellElsewhere openRequests={openRequests} />
          <MerchantTransactions store={store} date={date} title={heading} />
        </Group>
      </Group>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={1} size="h3">{heading}</Title>
        {view === 'day' ? <GridLegend /> : null}
      </Group>
    </>
  );
}
