import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';

const DaysOffPage = lazy(() => import(/* webpackChunkName: "days-off" */ './days-off-page'));
const AddDayOffPage = lazy(() => import(/* webpackChunkName: "days-off-add" */ './add-day-off-page'));
const EditDayOffPage = lazy(() => import(/* webpackChunkName: "days-off-edit" */ './edit-day-off-page'));

/** The <Route> elements of this feature (paths relative to /). */
export const daysOffRoutes: ReactElement[] = [
  <Route key="staff-pto" path="staff-pto/:id" element={<DaysOffPage />} />,
  <Route key="staff-add-pto" path="staff-add-pto/:id" element={<AddDayOffPage />} />,
  <Route key="staff-edit-pto" path="staff-edit-pto/:id" element={<EditDayOffPage />} />,
];
