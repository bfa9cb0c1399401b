import { Result } from 'antd';

export function NotFound() {
  return <Result status="404" title="Not Found" />;
}
