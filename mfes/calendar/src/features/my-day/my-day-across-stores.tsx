import { useQuery } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { lazy, Suspense } from 'react';
import { calendarKeys } from '../calendar-data/calendar-keys';

const MyDayList = lazy(() => import(/* webpackChunkName: "calendar-my-day" */ './my-day-list'));

/**
 * The viewer's own day across the stores they work at (issue 35): when they have appointments that date
 * at another store too, every one of theirs is listed by start, each labelled with its store, so the
 * calendar of one store shows where else they are booked (docs/product/availability.md).
 */
export function MyDayAcrossStores({ storeId, date }: { storeId: number; date: string }) {
  const day = useQuery({
    queryKey: calendarKeys.myDay(storeId, date),
    queryFn: async () => (await api.get('GET myDayAcrossStores/{storeId}/{date}', { storeId, date })).appointments,
  });
  const list = day.data ?? [];
  if (!list.some((a) => a.storeId !== storeId)) return null;
  return (
    <Suspense fallback={null}>
      <MyDayList storeId={storeId} list={list} />
    </Suspense>
  );
}
