import { startStandalone } from '@chat/shared';
import { LoginPage } from './features/login/login-page';

startStandalone(() => <LoginPage />, { requiresSession: false });
