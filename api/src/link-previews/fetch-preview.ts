import { type DetectedImage, detectImage } from '../attachments/detect-image';
import { fetchLimited } from './fetch-limited';
import type { FetchRules } from './fetch-rules';
import { MetaReader } from './read-meta';

export interface FetchedPreview {
  title: string;
  description: string | null;
  site_name: string | null;
  /** The page's image as fetched, PNG or JPEG by its bytes; still to be re-encoded before it is stored. */
  image: { bytes: Buffer; type: DetectedImage } | null;
}

const HTML = /^(text\/html|application\/xhtml\+xml)\b/;

/**
 * A page's preview: its head's Open Graph or `<meta>` tags, then its image under the same rules. Throws
 * `FetchRefused` when the page cannot be used; a page whose image cannot be used still gives a preview.
 */
export async function fetchPreview(
  url: string,
  rules: FetchRules,
  stop?: AbortSignal,
): Promise<FetchedPreview | null> {
  const reader = new MetaReader();
  const page = await fetchLimited(
    url,
    rules,
    {
      accept: 'text/html,application/xhtml+xml',
      isWanted: (type) => HTML.test(type),
      whole: false,
      onChunk: (chunk) => reader.write(chunk),
    },
    stop,
  );
  const meta = reader.result();
  if (!meta) return null;
  const image = meta.image ? await fetchImage(new URL(meta.image, page.url), rules, stop) : null;
  return { title: meta.title, description: meta.description, site_name: meta.site_name, image };
}

async function fetchImage(url: URL, rules: FetchRules, stop?: AbortSignal): Promise<FetchedPreview['image']> {
  try {
    const { body } = await fetchLimited(
      url.href,
      rules,
      { accept: 'image/png,image/jpeg', isWanted: (type) => type.startsWith('image/'), whole: true },
      stop,
    );
    const type = await detectImage(body);
    return type ? { bytes: body, type } : null;
  } catch {
    return null;
  }
}
