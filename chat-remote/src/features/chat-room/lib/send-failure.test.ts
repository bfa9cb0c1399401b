import { describe, expect, it } from '@rstest/core';
import { NO_CONNECTION, sendFailure } from './send-failure';

describe('sendFailure', () => {
  it('offers Retry when the connection failed or the server had a passing problem', () => {
    expect(sendFailure({ message: 'Something went wrong!', status: null })).toEqual({
      reason: NO_CONNECTION,
      retryable: true,
    });
    expect(sendFailure({ message: 'Server Error', status: 503 }).retryable).toBe(true);
    expect(sendFailure({ message: 'Too Many Attempts.', status: 429 }).retryable).toBe(true);
  });

  it('shows the server reason without Retry when the message itself was refused', () => {
    expect(sendFailure({ message: 'The content field is required.', status: 422 })).toEqual({
      reason: 'The content field is required.',
      retryable: false,
    });
  });
});
