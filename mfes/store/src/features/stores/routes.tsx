import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';

const MyStoresPage = lazy(() => import(/* webpackChunkName: "store-my-stores" */ './my-stores-page'));
const CreateStorePage = lazy(() => import(/* webpackChunkName: "store-create" */ './create-store-page'));
const StoreDetailsPage = lazy(() => import(/* webpackChunkName: "store-details" */ './store-details-page'));
const StoreSettingsPage = lazy(() => import(/* webpackChunkName: "store-settings" */ './store-settings-page'));
const StorePasswordPage = lazy(() => import(/* webpackChunkName: "store-password" */ './store-password-page'));

/** The <Route> elements of this feature (paths relative to /). */
export const storeRoutes: ReactElement[] = [
  <Route key="stores" path="stores" element={<MyStoresPage />} />,
  <Route key="stores-create" path="stores/create" element={<CreateStorePage />} />,
  <Route key="store-details" path="store/:permalink" element={<StoreDetailsPage />} />,
  <Route key="stores-edit" path="stores/edit/:permalink" element={<StoreSettingsPage />} />,
  <Route key="stores-security" path="stores/security/:id" element={<StorePasswordPage />} />,
];
