export * from './services';
export * from './routes';
export * from './errors';
export * from './events';
export * from './realtime';
export * from './schemas/common';
export * as identity from './schemas/identity';
export * from './internal';
export * as scheduling from './schemas/scheduling';
