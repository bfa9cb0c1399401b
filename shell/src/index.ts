import { preloadLandingScreen } from './app/early-start';

preloadLandingScreen();
import('./bootstrap');
