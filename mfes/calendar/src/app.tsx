import { RequireToken } from '@turnbook/web-kit';
import { LoadingState, PageNotFound } from '@turnbook/web-kit/ui';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FrontDeskPage } from './features/front-desk';

const CalendarPage = lazy(() => import(/* webpackChunkName: "calendar-page" */ './features/calendar-page/calendar-page'));

/**
 * The staff calendar module. The page (features/calendar-page) owns the grid, the toolbar and the data of
 * the shown day; the booking wizard, the appointment details and the store's activity (bell, activities,
 * income) are features of their own that the page opens. The front desk (/front-desk/{permalink}, and
 * /sign-in-sheets for the session's store) works the same day's sheets and turns.
 */
export default function CalendarApp() {
  return (
    <RequireToken>
      <Suspense fallback={<LoadingState />}>
        <Routes>
          <Route path="calendar/:permalink" element={<CalendarPage />} />
          <Route path="front-desk/:permalink" element={<FrontDeskPage />} />
          <Route path="sign-in-sheets" element={<FrontDeskPage turnsIndicator />} />
          <Route path="*" element={<PageNotFound />} />
        </Routes>
      </Suspense>
    </RequireToken>
  );
}
