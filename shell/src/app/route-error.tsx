import { FALLBACK_ERROR_MESSAGE } from '@chat/shared';
import { Button, Result, Typography } from 'antd';
import { useState } from 'react';
import { useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();
  const [shown, setShown] = useState(false);
  return (
    <Result
      status="error"
      title={FALLBACK_ERROR_MESSAGE}
      extra={
        <>
          <Button onClick={() => setShown((value) => !value)}>{shown ? 'Hide Error' : 'Show Error'}</Button>
          {shown && (
            <Typography.Paragraph code style={{ marginTop: 16 }}>
              {error instanceof Error ? error.message : String(error)}
            </Typography.Paragraph>
          )}
        </>
      }
    />
  );
}
