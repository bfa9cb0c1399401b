export * from './errors';
export * from './limits';
export * from './mentions';
export * from './message';
export * from './patterns';
export * from './room';
export * from './user';
