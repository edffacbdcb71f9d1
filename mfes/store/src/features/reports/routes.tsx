import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';

const ReportsPage = lazy(() => import(/* webpackChunkName: "reports" */ './reports-page'));

/** The <Route> elements of this feature (paths relative to /). */
export const reportRoutes: ReactElement[] = [<Route key="reports" path="reports" element={<ReportsPage />} />];
