export * from './draft-storage';
export * from './use-has-draft';
