import { startStandalone } from '@chat/shared';
import { RoomsPage } from './features/rooms/rooms-page';

startStandalone(() => <RoomsPage />);
