import type { ReactElement } from 'react';

/** The <Route> elements of this feature (paths relative to /). */
export const staffRoutes: ReactElement[] = [];
