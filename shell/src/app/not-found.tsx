import { routes } from '@chat/shared';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

/** Spec: the text 'Not Found'; a link home, so a mistyped address is not a dead end. */
export function NotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="Not Found"
      extra={
        // A real link (open in a new tab works), followed inside the app without a page load.
        <Button
          type="primary"
          href={routes.home}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            navigate(routes.home);
          }}
        >
          Back Home
        </Button>
      }
    />
  );
}
