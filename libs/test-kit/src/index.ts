export * from './service';
export * from './tokens';
export * from './nats-process';
export * from './jetstream';
export * from './role-stores';
export * from './fake-scheduling';
