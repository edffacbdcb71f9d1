import { tokenKind } from '@turnbook/web-kit';

/** The session holds the store's kiosk token (read from its claims; the server verifies them). */
export const isKioskToken = (token: string | null | undefined): boolean => tokenKind(token) === 'kiosk';
