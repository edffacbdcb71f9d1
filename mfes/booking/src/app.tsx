import { RequireToken } from '@turnbook/web-kit';
import { LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
// The booking page is the module's first screen for most visitors (a phone opening a link): in the module's
// own chunk, so its store card does not wait for one more round trip. Its modals load on use.
import BookingPage from './features/booking-page/booking-page';
import { StoreNotFound } from './features/booking-page/store-not-found';

const AppointmentsPage = lazy(() => import(/* webpackChunkName: "booking-appointments" */ './features/appointments/appointments-page'));

// Contract: default-export a component; it renders inside the shell's router and providers and takes its
// session, API client and UI kit from @turnbook/web-kit (shared singleton).
export default function App() {
  return (
    <Suspense fallback={<LoadingState />}>
      <Routes>
        <Route
          path="appointments"
          element={
            <RequireToken>
              <AppointmentsPage />
            </RequireToken>
          }
        />
        <Route path="booking/:permalink" element={<BookingPage />} />
        <Route path="*" element={<StoreNotFound />} />
      </Routes>
    </Suspense>
  );
}
