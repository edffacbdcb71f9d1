export * from './store-day';
export * from './engine';
