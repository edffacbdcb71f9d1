import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';

const FranchiseReportPage = lazy(() => import(/* webpackChunkName: "franchise-report" */ './franchise-report-page'));

/** The <Route> elements of this feature (paths relative to /). */
export const franchiseRoutes: ReactElement[] = [<Route key="franchise-report" path="franchise-report" element={<FranchiseReportPage />} />];
