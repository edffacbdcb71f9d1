// @turnbook/web-kit/ui: the Mantine-based pieces every screen shares.
export { AppProviders } from './app-providers';
export { UiProviders } from './ui-providers';
export { AppServices } from './app-services';
export { theme } from './theme';
export { createQueryClient } from './query-client';
export { confirm, alert, openModal, closeModal, type ConfirmOptions } from './dialogs';
export { LoadingState, EmptyState, ErrorState, NotAvailable, PageNotFound, ReadFailed } from './states';
export { PhoneVerification } from './phone-verification';
export { Hint, type HintProps } from './hint';
export { useScrollToTop, useScrollToTopOnNavigate } from './scroll-to-top';
