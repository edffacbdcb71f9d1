import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';

const CustomersPage = lazy(() => import(/* webpackChunkName: "customers" */ './customers-page'));
const CustomerDetailsPage = lazy(() => import(/* webpackChunkName: "customer-details" */ './customer-details-page'));
const CustomerEditPage = lazy(() => import(/* webpackChunkName: "customer-edit" */ './customer-edit-page'));
const CustomerCreatePage = lazy(() => import(/* webpackChunkName: "customer-create" */ './customer-create-page'));

/** The <Route> elements of this feature (paths relative to /). */
export const customerRoutes: ReactElement[] = [
  <Route key="customers" path="customers" element={<CustomersPage />} />,
  <Route key="customers-create" path="customers/create" element={<CustomerCreatePage />} />,
  <Route key="customers-edit" path="customers/edit/:customerId" element={<CustomerEditPage />} />,
  <Route key="customer" path="customer/:customerId" element={<CustomerDetailsPage />} />,
];
