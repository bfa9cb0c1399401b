import { createTestConfig } from '@chat/shared/build';

export default createTestConfig();
