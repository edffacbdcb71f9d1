/**
 * Turnbook's one brand, for what is drawn outside the web theme (mails): the name, and the teal the screens'
 * primary buttons use (the web theme's primary, Mantine cyan at shade 9, libs/web-kit ui/theme.ts). White
 * text on it reads at 4.5:1 or more.
 */
export const BRAND_NAME = 'Turnbook';
export const BRAND_ACCENT = '#0b7285';
