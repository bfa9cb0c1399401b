export { LoginPage as default } from '../features/login/login-page';
