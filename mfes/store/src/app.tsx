import { RequireToken } from '@turnbook/web-kit';
import { LoadingState, PageNotFound } from '@turnbook/web-kit/ui';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { accountRoutes } from './features/account/routes';
import { customerRoutes } from './features/customers/routes';
import { reportRoutes } from './features/reports/routes';
import { franchiseRoutes } from './features/franchise/routes';
import { daysOffRoutes } from './features/days-off/routes';
import { serviceRoutes } from './features/services/routes';
import { staffRoutes } from './features/staff/routes';
import { storeRoutes } from './features/stores/routes';
import { subscriptionRoutes } from './features/subscription/routes';

/**
 * The store-management module: stores, services, staff, days off, customers and the account screens.
 * Each feature folder exports its <Route> elements; reports and subscription come with their own issues
 * (the sign-in sheets are the calendar module's front desk).
 */
export default function StoreApp() {
  return (
    <RequireToken>
      <Suspense fallback={<LoadingState />}>
        <Routes>
          {storeRoutes}
          {serviceRoutes}
          {staffRoutes}
          {daysOffRoutes}
          {customerRoutes}
          {accountRoutes}
          {subscriptionRoutes}
          {reportRoutes}
          {franchiseRoutes}
          <Route path="*" element={<PageNotFound />} />
        </Routes>
      </Suspense>
    </RequireToken>
  );
}
