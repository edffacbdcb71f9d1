import { RequireSuperAdmin } from '@turnbook/web-kit';
import { LoadingState } from '@turnbook/web-kit/ui';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';

const DashboardPage = lazy(() => import(/* webpackChunkName: "admin-dashboard" */ './features/dashboard/dashboard-page'));
const UsersPage = lazy(() => import(/* webpackChunkName: "admin-users" */ './features/users/users-page'));
const SettingsPage = lazy(() => import(/* webpackChunkName: "admin-settings" */ './features/settings/settings-page'));
const StoresPage = lazy(() => import(/* webpackChunkName: "admin-stores" */ './features/stores/stores-page'));
const SubscriptionsPage = lazy(() => import(/* webpackChunkName: "admin-subscriptions" */ './features/subscriptions/subscriptions-page'));

/** The admin module: every /admin-* route, super admin only (others go to /login). */
export default function AdminApp() {
  return (
    <RequireSuperAdmin>
      <Suspense fallback={<LoadingState />}>
        <Routes>
          <Route path="admin-dashboard" element={<DashboardPage />} />
          <Route path="admin-users" element={<UsersPage />} />
          <Route path="admin-settings" element={<SettingsPage />} />
          <Route path="admin-stores" element={<StoresPage />} />
          <Route path="admin-subscriptions" element={<SubscriptionsPage />} />
          <Route path="*" element={<Navigate to="/admin-dashboard" replace />} />
        </Routes>
      </Suspense>
    </RequireSuperAdmin>
  );
}
