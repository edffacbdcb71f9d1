export * from './store-day';
export * from './engine';
export * from './across-stores';
