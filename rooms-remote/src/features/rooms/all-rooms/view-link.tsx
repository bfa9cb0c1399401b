import { useServices } from '@chat/shared';
import { Button } from 'antd';
import type { ReactNode } from 'react';

/** A link between the room list's two views: a real address (new tab, copy), followed in place on a click. */
export function ViewLink({ to, children }: { to: string; children: ReactNode }) {
  const { navigation } = useServices();
  return (
    <Button
      href={to}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigation.navigate(to);
      }}
    >
      {children}
    </Button>
  );
}
