import { describe, expect, it } from '@rstest/core';
import { act, render, screen } from '@testing-library/react';
import { OfflineBanner } from './offline-banner';

function goOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('OfflineBanner', () => {
  it("says 'You are offline.' only while the browser has no network", () => {
    goOnline(true);
    const { container } = render(<OfflineBanner />);
    expect(container).toBeEmptyDOMElement();

    goOnline(false);
    expect(screen.getByText('You are offline.')).toBeVisible();

    goOnline(true);
    expect(screen.queryByText('You are offline.')).not.toBeInTheDocument();
  });
});
