export * from './create-app-config';
export * from './config-middleware';
export * from './shared-dependencies';
