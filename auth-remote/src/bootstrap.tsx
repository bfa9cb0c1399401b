import { startStandalone } from '@chat/shared';
import { LoginPage } from './features/login/login-page';

void startStandalone(() => <LoginPage />);
