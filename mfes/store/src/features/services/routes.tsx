import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';

const ServicesPage = lazy(() => import(/* webpackChunkName: "store-services" */ './services-page'));
const ServiceViewPage = lazy(() => import(/* webpackChunkName: "store-service-view" */ './service-view-page'));
const ServiceEditPage = lazy(() => import(/* webpackChunkName: "store-service-edit" */ './service-edit-page'));
const ServiceCreatePage = lazy(() => import(/* webpackChunkName: "store-service-create" */ './service-create-page'));

/** The <Route> elements of this feature (paths relative to /). */
export const serviceRoutes: ReactElement[] = [
  <Route key="services" path="services" element={<ServicesPage />} />,
  <Route key="services-create" path="services/create" element={<ServiceCreatePage />} />,
  <Route key="services-edit" path="services/edit/:id" element={<ServiceEditPage />} />,
  <Route key="services-view" path="services/:id" element={<ServiceViewPage />} />,
  <Route key="service-view" path="service/:id" element={<ServiceViewPage />} />,
];
