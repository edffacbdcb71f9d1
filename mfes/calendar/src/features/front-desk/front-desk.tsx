import { Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { useStoreAccess } from '@turnbook/web-kit/store-access';
import { lazy, Suspense, useMemo, useState } from 'react';
import { dayQuery, useServices, useStaff } from '../calendar-data/queries';
import { allOfDay } from '../day-grid/grid-model';
import { useFrontDeskLive, useSheets, useTurns } from './front-desk-data';
import { approvedRequests, type Sheet } from './front-desk-rules';
import { OnlineRequestsBlock } from './online-requests-block';
import { SheetsBlock } from './sheets-block';
import { TurnsBlock } from './turns-block';

const CheckInModal = lazy(() => import(/* webpackChunkName: "calendar-check-in" */ './check-in-modal'));

export interface FrontDeskProps {
  store: StoreView;
  date: string;
  /** the Turns block (the front desk page: the store's turnsBlock setting; the calendar's modal: always) */
  showTurns: boolean;
  /** the Online Requests block (the front desk page only) */
  showRequests: boolean;
}

// Container widths (the page or the calendar's modal), not the window's.
const DESK_BREAKPOINTS = { xs: '400px', sm: '600px', md: '900px', lg: '1200px', xl: '1500px' };

/**
 * The front desk's blocks for one day: Turns, Online Requests and Sign-in Sheets, read live on the store's
 * sheet channel; a sheet opens the check-in. Used by the front desk page and the calendar's sign-in sheet
 * modal alike.
 */
export function FrontDesk({ store, date, showTurns, showRequests }: FrontDeskProps) {
  const access = useStoreAccess(store.id);
  const canCheckIn = access.can('storeNotLimited');
  const sheets = useSheets(store.id, date);
  const turns = useTurns(store.id, date);
  const day = useQuery({ ...dayQuery(store.id, date) });
  const staff = useStaff(store.id);
  const services = useServices(store.id);
  const [open, setOpen] = useState<number | null>(null);
  useFrontDeskLive(store.id);

  const appointments = useMemo(() => new Map(allOfDay(day.data).map((a) => [a.id, a])), [day.data]);
  const requests = useMemo(() => approvedRequests(day.data), [day.data]);
  const opened = open === null ? null : (sheets.data?.find((s) => s.id === open) ?? null);
  const side = Boolean(showTurns || showRequests);

  return (
    <>
      {/* Wide (page or modal): Turns and Online Requests share a narrow column, the sheets (the day's longest
          list) take the rest and lay their cards side by side; narrow: one column. By the container's width,
          so the calendar's modal lays out the same way. */}
      <Grid type="container" breakpoints={DESK_BREAKPOINTS} gap="lg">
        {side ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              {showTurns ? (
                <TurnsBlock
                  storeId={store.id}
                  timeZone={store.timezone}
                  date={date}
                  turn={turns.data}
                  loading={turns.isPending}
                  error={turns.error}
                  onRetry={() => void turns.refetch()}
                  canReorder={access.can('storeManager')}
                  canSetRules={access.can('storeOwner')}
                />
              ) : null}
              {showRequests ? (
                <OnlineRequestsBlock permalink={store.permalink} requests={requests} loading={day.isPending} error={day.error} onRetry={() => void day.refetch()} />
              ) : null}
            </Stack>
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, md: side ? 8 : 12 }}>
          <SheetsBlock
            sheets={sheets.data}
            loading={sheets.isPending}
            error={sheets.error}
            onRetry={() => void sheets.refetch()}
            appointments={appointments}
            onOpen={canCheckIn ? (s: Sheet) => setOpen(s.id) : null}
          />
        </Grid.Col>
      </Grid>
      {opened ? (
        <Suspense fallback={null}>
          <CheckInModal store={store} date={date} sheet={opened} staff={staff.data ?? []} services={services.data ?? []} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
