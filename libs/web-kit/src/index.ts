// @turnbook/web-kit core: no UI library here, so the shell can load it before Mantine.
// UI pieces (providers, modals, states) are in '@turnbook/web-kit/ui', form fields in '@turnbook/web-kit/forms'.
export * from './session/session-keys';
export { useSession, getSession, reloadSessionFromStorage, type SessionState } from './session/session-store';
export * from './session/session-selectors';
export { useLogout, pageNavigation, kioskAppPath } from './session/use-logout';
export { ApiError, isApiError, hasCode, isNotAvailable } from './api/api-error';
export { lockedOutText, tryAgainText } from './api/locked-out-text';
export { api, apiRequest, configureApi, multipartBody, type Answer, type BodyFor, type MultipartBody, type RequestOptions, type RouteKey, type PathParams } from './api/api-client';
export { isTokenExpired, tokenExpiry, tokenKind } from './api/jwt';
export * from './realtime/realtime-messages';
export { RealtimeClient, type RealtimeOptions, type Listener, type RealtimeStatus } from './realtime/realtime-client';
export { useRealtime, useRealtimeRefresh, useRealtimeStatus, getRealtimeClient, realtimeUrl } from './realtime/use-realtime';
export { ConnectionIndicator, DISCONNECTED_TEXT } from './realtime/connection-indicator';
export { isOwnVersion, markOwnVersion } from './realtime/own-versions';
export { useWizard, type Wizard } from './wizard/use-wizard';
export { PAGE_TITLES, pageTitleFor, type PageTitle } from './page-title/page-titles';
export { usePageTitle } from './page-title/use-page-title';
export { RequireToken, RequireSuperAdmin } from './guards/guards';
export { notify, notificationsWanted, onNotificationsWanted } from './notify/notify';
export { whenDialogsReady, dialogsWanted, onDialogsWanted, dialogsMounted } from './notify/dialogs-wanted';
