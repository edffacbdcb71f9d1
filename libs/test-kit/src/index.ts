export * from './service';
export * from './tokens';
