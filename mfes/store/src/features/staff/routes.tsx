import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';

const StaffListPage = lazy(() => import(/* webpackChunkName: "staff-list" */ './staff-list-page'));
const AddStaffPage = lazy(() => import(/* webpackChunkName: "staff-create" */ './add-staff-page'));
const StaffSettingsPage = lazy(() => import(/* webpackChunkName: "staff-settings" */ './staff-settings-page'));
const StaffArchivePage = lazy(() => import(/* webpackChunkName: "staff-archive" */ './staff-archive-page'));
const StaffRestorePage = lazy(() => import(/* webpackChunkName: "staff-restore" */ './staff-restore-page'));
const StaffSchedulePage = lazy(() => import(/* webpackChunkName: "staff-schedule" */ './staff-schedule-page'));
const AcceptInvitationPage = lazy(() => import(/* webpackChunkName: "staff-invitation" */ './accept-invitation-page'));
const StaffViewPage = lazy(() => import(/* webpackChunkName: "staff-view" */ './staff-view-page'));

/** The <Route> elements of this feature (paths relative to /). */
export const staffRoutes: ReactElement[] = [
  <Route key="staffs" path="staffs" element={<StaffListPage />} />,
  <Route key="staffs-create" path="staffs/create" element={<AddStaffPage />} />,
  <Route key="staffs-edit" path="staffs/edit/:id" element={<StaffSettingsPage />} />,
  <Route key="staffs-archive" path="staffs-archive" element={<StaffArchivePage />} />,
  <Route key="staff-archive" path="staff-archive/:id" element={<StaffRestorePage />} />,
  <Route key="staff-schedule" path="staff-schedule/:id" element={<StaffSchedulePage />} />,
  <Route key="staff-view" path="staff/:id" element={<StaffViewPage />} />,
  <Route key="staff-invitation" path="staff-invitation/:id" element={<AcceptInvitationPage />} />,
];
