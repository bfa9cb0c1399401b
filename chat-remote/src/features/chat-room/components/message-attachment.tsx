import { Typography, theme } from 'antd';
import { httpUrl } from '../lib/safe-url';

/** Every thumbnail takes this box whatever the image's size, so nothing moves when it loads. */
export const THUMBNAIL = { width: 240, height: 160 } as const;

function Thumbnail({ src }: { src: string }) {
  const { token } = theme.useToken();
  return (
    <img
      src={src}
      alt=""
      width={THUMBNAIL.width}
      height={THUMBNAIL.height}
      loading="lazy"
      style={{
        display: 'block',
        objectFit: 'contain',
        background: token.colorFillTertiary,
        borderRadius: token.borderRadius,
      }}
    />
  );
}

/** A sent image: its thumbnail and a link that opens it in a new tab; only ever an http(s) link. */
export function MessageAttachment({ url }: { url: string }) {
  const href = httpUrl(url);
  if (!href) return <Typography.Text type="secondary">Attachment unavailable</Typography.Text>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      style={{ display: 'inline-flex', flexDirection: 'column', gap: 4 }}
    >
      <Thumbnail src={href} />
      <span>Open image</span>
    </a>
  );
}

/** An image still uploading, shown from the local file. */
export function LocalPreview({ src }: { src: string | null }) {
  const { token } = theme.useToken();
  return src ? (
    <Thumbnail src={src} />
  ) : (
    <div style={{ ...THUMBNAIL, background: token.colorFillTertiary, borderRadius: token.borderRadius }} />
  );
}
