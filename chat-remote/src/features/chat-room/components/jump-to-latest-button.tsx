import { ArrowDownOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** The name the button carries: how many of the others' messages arrived while the reader was away. */
export const jumpToLatestLabel = (arrived: number) =>
  arrived > 0 ? `Jump to latest, ${arrived} new` : 'Jump to latest';

/**
 * Over the feed's foot whenever the newest message is out of view: back to it, however the reader left it (a
 * search result, a reply's quote, scrolling, opening at 'New messages'). A plain button after the feed in the
 * page's order, so Tab reaches it.
 */
export function JumpToLatestButton({ arrived, onClick }: { arrived: number; onClick: () => void }) {
  return (
    <Button
      type="primary"
      shape="round"
      icon={<ArrowDownOutlined aria-hidden />}
      onClick={onClick}
      style={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)', zIndex: 2 }}
    >
      {jumpToLatestLabel(arrived)}
    </Button>
  );
}
