export * from './time12';
export * from './business-hours';
export * from './day-off';
export * from './time-zone';
export * from './today';
