import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@rstest/core';
import { signChannel, verifyChannelAuth, verifySignedRequest } from './signatures';

describe('Pusher signatures', () => {
  it("matches the worked example of Pusher's private channel auth documentation", () => {
    const app = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };
    expect(signChannel(app, '1234.1234', 'private-foobar')).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
    expect(
      verifyChannelAuth(app, '1234.1234', 'private-foobar', signChannel(app, '1234.1234', 'private-foobar')),
    ).toBe(true);
    expect(
      verifyChannelAuth(app, '1234.1235', 'private-foobar', signChannel(app, '1234.1234', 'private-foobar')),
    ).toBe(false);
    expect(verifyChannelAuth(app, '1234.1234', 'private-foobar', undefined)).toBe(false);
  });

  it("signs a presence member with the subscription (Pusher's socket_id:channel:channel_data)", () => {
    const app = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };
    const channelData = '{"user_id":10,"user_info":{"name":"Mr. Channels"}}';
    const expected = createHmac('sha256', app.secret)
      .update(`1234.1234:presence-foobar:${channelData}`)
      .digest('hex');
    const auth = signChannel(app, '1234.1234', 'presence-foobar', channelData);
    expect(auth).toBe(`${app.key}:${expected}`);
    expect(verifyChannelAuth(app, '1234.1234', 'presence-foobar', auth, channelData)).toBe(true);
    expect(
      verifyChannelAuth(app, '1234.1234', 'presence-foobar', auth, channelData.replace('10', '11')),
    ).toBe(false);
    expect(verifyChannelAuth(app, '1234.1234', 'presence-foobar', auth)).toBe(false);
  });

  it("matches the worked example of Pusher's HTTP API authentication documentation", () => {
    const app = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };
    const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';
    const query = new URLSearchParams({
      auth_key: app.key,
      auth_timestamp: '1353088179',
      auth_version: '1.0',
      body_md5: 'ec365a775a4cd0599faeb73354201b6f',
      auth_signature: 'da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c',
    });
    const request = { method: 'POST', path: '/apps/3/events', query, body };
    expect(verifySignedRequest(app, request, 1353088179)).toBeNull();
    expect(verifySignedRequest(app, request, 1353088179 + 601)).toBe('Timestamp expired');
    expect(verifySignedRequest(app, { ...request, body: `${body} ` }, 1353088179)).toBe('Invalid body_md5');
    expect(verifySignedRequest({ ...app, secret: 'other' }, request, 1353088179)).toBe('Invalid signature');
  });
});
