import { PictureOutlined } from '@ant-design/icons';
import { ATTACHMENT_TYPES } from '@chat/shared';
import { Button, Tooltip } from 'antd';
import { useRef } from 'react';

/** The message bar's image picker (PNG and JPEG only, several at once): a button over a hidden file input. */
export function ImageButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={picker}
        type="file"
        accept={ATTACHMENT_TYPES.join(',')}
        multiple
        hidden
        aria-label="Image file"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so that picking the same file again still fires a change.
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <Tooltip title="Send an image (PNG or JPEG)">
        <Button
          icon={<PictureOutlined />}
          aria-label="Upload image"
          onClick={() => picker.current?.click()}
        />
      </Tooltip>
    </>
  );
}
