export * from './config-middleware';
export * from './create-app-config';
export * from './create-server-render-config';
export * from './create-test-config';
export * from './shared-dependencies';
