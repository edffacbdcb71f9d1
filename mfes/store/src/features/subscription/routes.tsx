import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';

const SubscriptionPage = lazy(() => import(/* webpackChunkName: "subscription" */ './subscription-page'));

/** The <Route> elements of this feature (paths relative to /). */
export const subscriptionRoutes: ReactElement[] = [<Route key="subscription" path="subscription" element={<SubscriptionPage />} />];
