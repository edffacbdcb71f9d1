import { lazy } from 'react';

/**
 * The front desk (docs/decisions.md "The front desk and the kiosk"): the page at /front-desk/{permalink} and
 * /sign-in-sheets, and the calendar's sign-in sheet modal. Both load on demand.
 */
export const FrontDeskPage = lazy(() => import(/* webpackChunkName: "calendar-front-desk" */ './front-desk-page'));
export const SignInSheetModal = lazy(() => import(/* webpackChunkName: "calendar-sign-in-sheet" */ './sign-in-sheet-modal'));
