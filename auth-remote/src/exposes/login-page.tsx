export { LoginPage as default } from '../features/login/login-page';
// Reaches Echo through useEcho, which waits for its code (see RemoteModuleExports).
export const echoOnDemand = true;
