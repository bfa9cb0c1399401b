export * from './errors';
export * from './message';
export * from './room';
export * from './user';
export * from './limits';
