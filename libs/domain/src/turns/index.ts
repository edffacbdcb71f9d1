export * from './policy';
export * from './turn-log';
export * from './suggest';
export * from './wait';
export * from './walk-in';
