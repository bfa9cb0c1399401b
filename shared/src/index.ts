// The browser surface of @chat/shared, shared as one federation singleton by the shell and every remote.
export * from './api/auth';
export * from './api/me';
export * from './api/messages';
export * from './api/rooms';
export * from './config/runtime-config';
export * from './constants';
export * from './contracts/remote-modules';
export * from './forms/use-submit-validation';
export * from './http/api-error';
export * from './http/create-http-client';
export * from './providers/app-providers';
export * from './query/create-query-client';
export * from './query/notifier';
export * from './realtime/create-echo-loader';
export * from './rooms/join-failure';
export * from './rooms/join-failure-alert';
export * from './rooms/joined-room-id';
export * from './routing/use-intent-preload';
// Types only: the schemas' runtime (typebox) stays out of the browser bundle.
export type * from './schemas/index';
export {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  MAX_MEMBERS_DEFAULT,
  MAX_MEMBERS_MAX,
  MAX_MEMBERS_MIN,
  MESSAGE_CONTENT_MAX,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  ROOM_DESCRIPTION_MAX,
  ROOM_NAME_MAX,
} from './schemas/limits';
export * from './services/app-services';
export * from './services/create-app-services';
export * from './services/services-context';
export * from './session/create-session-store';
export * from './session/session-gate';
export * from './standalone/start-standalone';
export * from './startup/mount-app';
export * from './startup/render-app';
export * from './theme/theme';
