import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';

const AccountPage = lazy(() => import(/* webpackChunkName: "store-account" */ './account-page'));
const AccountEditPage = lazy(() => import(/* webpackChunkName: "store-account-edit" */ './account-edit-page'));
const AccountPasswordPage = lazy(() => import(/* webpackChunkName: "store-account-password" */ './account-password-page'));

/** The <Route> elements of this feature (paths relative to /). */
export const accountRoutes: ReactElement[] = [
  <Route key="user" path="user/:id" element={<AccountPage />} />,
  <Route key="users-edit" path="users/edit/:id" element={<AccountEditPage />} />,
  <Route key="users-security" path="users/security/:id" element={<AccountPasswordPage />} />,
];
