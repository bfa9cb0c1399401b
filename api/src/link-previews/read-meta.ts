import { Parser } from 'htmlparser2';

export interface PageMeta {
  title: string;
  description: string | null;
  site_name: string | null;
  /** As the page wrote it: resolve it against the page's URL. */
  image: string | null;
}

/** Long enough for any real title or summary; a page cannot fill a room with its text. */
const LIMITS = { title: 300, description: 500, site_name: 100, image: 2048 } as const;

/** Open Graph first, then Twitter's cards, then plain HTML. */
const SOURCES = {
  title: ['og:title', 'twitter:title', '<title>'],
  description: ['og:description', 'twitter:description', 'description'],
  site_name: ['og:site_name', 'application-name'],
  image: ['og:image:secure_url', 'og:image:url', 'og:image', 'twitter:image', 'twitter:image:src'],
} as const;

const tidy = (text: string | undefined, max: number) => {
  const clean = text?.replace(/\s+/g, ' ').trim();
  return clean ? clean.slice(0, max) : null;
};

/**
 * Reads a page's preview from its `<head>` as the bytes arrive (htmlparser2, no DOM): `write` answers true
 * once the head is over (`</head>` or `<body>`), so the fetch stops reading there. Entities are decoded by the
 * parser; the text is taken as UTF-8, which is what nearly every page is.
 */
export class MetaReader {
  readonly #found = new Map<string, string>();
  readonly #decoder = new TextDecoder('utf-8');
  #title = '';
  #inTitle = false;
  #done = false;
  #ended = false;
  readonly #parser = new Parser(
    {
      onopentag: (name, attributes) => {
        if (name === 'body') this.#done = true;
        else if (name === 'title') this.#inTitle = true;
        else if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').toLowerCase();
          if (key && attributes.content !== undefined && !this.#found.has(key))
            this.#found.set(key, attributes.content);
        }
      },
      ontext: (text) => {
        if (this.#inTitle) this.#title += text;
      },
      onclosetag: (name) => {
        if (name === 'title') this.#inTitle = false;
        if (name === 'head') this.#done = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  write(chunk: Uint8Array): boolean {
    if (!this.#done) this.#parser.write(this.#decoder.decode(chunk, { stream: true }));
    return this.#done;
  }

  /** Null when the page has no title of any kind: nothing worth showing. */
  result(): PageMeta | null {
    if (!this.#ended) this.#parser.end();
    this.#ended = true;
    const first = (field: keyof typeof SOURCES) =>
      tidy(
        SOURCES[field]
          .map((key) => (key === '<title>' ? this.#title : this.#found.get(key)))
          .find((value) => value?.trim()),
        LIMITS[field],
      );
    const title = first('title');
    if (!title) return null;
    return {
      title,
      description: first('description'),
      site_name: first('site_name'),
      image: first('image'),
    };
  }
}
