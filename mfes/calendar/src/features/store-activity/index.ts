export type { StoreActivityProps } from './props';
export { RequestsBell, StoreActivity } from './store-activity';
