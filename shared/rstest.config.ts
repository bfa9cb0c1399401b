import { createTestConfig } from './build/create-test-config';

export default createTestConfig();
