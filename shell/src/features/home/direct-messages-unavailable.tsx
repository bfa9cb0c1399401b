import { Result } from 'antd';

/** Where a chat remote deployed before direct messages would have to open one: it cannot, and says so. */
export function DirectMessagesUnavailable() {
  return (
    <Result
      status="info"
      title="Direct messages are unavailable right now."
      subTitle="The chat room deployed here cannot open them yet. Rooms still work."
    />
  );
}
