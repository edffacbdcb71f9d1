/**
 * Online requests reach this many days ahead, counted in the store's zone (docs/product/constants.md). Its own
 * module: the booking page and the contracts' message read it without the engine (and its time-zone library).
 */
export const ONLINE_WINDOW_DAYS = 45;
