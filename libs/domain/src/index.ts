export * from './phone/phone';
export * from './roles/roles';
export * from './text/text';
export * from './hours';
export * from './roles/policies';
export * from './availability';
export * from './passwords/passwords';
export * from './guest/guest-account';
