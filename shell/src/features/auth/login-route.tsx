import { RemoteSlot } from '../../federation/remote-slot';

export function LoginRoute() {
  return <RemoteSlot id="auth/LoginPage" label="login form" props={{}} />;
}
