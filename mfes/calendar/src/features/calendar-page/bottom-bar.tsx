import { Button, Group } from '@mantine/core';
import type { CSSProperties } from 'react';
import { RequestsBell } from '../store-activity';

/**
 * The calendar's bottom bar (001 §2 "Bottom bar and top buttons"; docs/decisions.md): within a thumb's
 * reach on a tablet, the buttons used all day at the desk. Today and Week for everyone, the sign-in sheet
 * for all but limited staff, the online requests bell for admin, owner and superadmin: 4 buttons for them,
 * 3 for staff and the front desk, 2 for limited staff (the spec hides the sheet from them).
 */
export type BarButton = 'today' | 'week' | 'sheet' | 'requests';

export function barButtons(can: { notLimited: boolean; manager: boolean }): BarButton[] {
  return ['today', 'week', ...(can.notLimited ? (['sheet'] as const) : []), ...(can.manager ? (['requests'] as const) : [])];
}

const BAR: CSSProperties = {
  position: 'sticky',
  bottom: 0,
  zIndex: 5,
  background: 'var(--mantine-color-body)',
  borderTop: '1px solid var(--mantine-color-gray-3)',
};

export function CalendarBottomBar({ storeId, buttons, week, onToday, onWeek, onSheet, onRequests }: {
  storeId: number;
  buttons: BarButton[];
  /** the week view is shown: the button goes back to the day */
  week: boolean;
  onToday: () => void;
  onWeek: () => void;
  onSheet: () => void;
  onRequests: () => void;
}) {
  return (
    <Group component="nav" aria-label="Calendar bar" justify="space-around" py="xs" px="sm" style={BAR} data-testid="calendar-bottom-bar">
      {buttons.includes('today') && <Button variant="default" size="md" onClick={onToday}>Today</Button>}
      {buttons.includes('week') && (
        <Button variant={week ? 'filled' : 'default'} size="md" aria-pressed={week} onClick={onWeek}>
          {week ? 'Day' : 'Week'}
        </Button>
      )}
      {buttons.includes('sheet') && <Button variant="default" size="md" onClick={onSheet}>Sign-in sheet</Button>}
      {buttons.includes('requests') && <RequestsBell storeId={storeId} onClick={onRequests} size="xl" />}
    </Group>
  );
}
