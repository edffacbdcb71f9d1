import { RequireToken } from '@turnbook/web-kit';
import { LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { StoreNotFound } from './features/booking-page/store-not-found';

const AppointmentsPage = lazy(() => import(/* webpackChunkName: "booking-appointments" */ './features/appointments/appointments-page'));
const BookingPage = lazy(() => import(/* webpackChunkName: "booking-page" */ './features/booking-page/booking-page'));

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
