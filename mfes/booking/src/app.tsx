import { RequireToken } from '@turnbook/web-kit';
import { LoadingState, NotAvailable } from '@turnbook/web-kit/ui';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

const AppointmentsPage = lazy(() => import(/* webpackChunkName: "booking-appointments" */ './appointments-page'));

// Contract: default-export a component; it renders inside the shell's router and providers and takes its
// session, API client and UI kit from @turnbook/web-kit (shared singleton). The public booking pages come
// with their issue; until then they say so.
export default function App() {
  return (
    <Routes>
      <Route
        path="appointments"
        element={
          <RequireToken>
            <Suspense fallback={<LoadingState />}>
              <AppointmentsPage />
            </Suspense>
          </RequireToken>
        }
      />
      <Route path="*" element={<NotAvailable what="Online booking" />} />
    </Routes>
  );
}
