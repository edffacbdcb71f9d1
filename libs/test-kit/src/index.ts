export * from './service';
export * from './tokens';
export * from './nats-process';
