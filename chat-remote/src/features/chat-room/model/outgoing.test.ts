import { describe, expect, it } from '@rstest/core';
import { isResendable, newOutgoing, type Outgoing } from './outgoing';

const entry = (change: Partial<Outgoing> = {}): Outgoing => ({
  ...newOutgoing({ content: 'hi', file: null }, 'id-1'),
  ...change,
});

describe('an outgoing message', () => {
  it('starts pending, with its idempotency key, and upload progress only for an image', () => {
    expect(entry()).toMatchObject({ clientMsgId: 'id-1', status: 'pending', error: null, progress: null });
    expect(newOutgoing({ content: '', file: new File(['x'], 'a.png') }).progress).toBe(0);
  });

  it('is sent again by itself only when it failed for a reason sending again can cure', () => {
    expect(isResendable(entry({ status: 'failed', error: 'No connection.', retryable: true }))).toBe(true);
    expect(isResendable(entry({ status: 'failed', error: 'Too long.', retryable: false }))).toBe(false);
    // Pending is already on its way: sending it again would be a second attempt running at once.
    expect(isResendable(entry({ status: 'pending' }))).toBe(false);
  });
});
