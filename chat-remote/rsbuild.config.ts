import { createAppConfig } from '@chat/shared/build';

export default createAppConfig({
  name: 'chat',
  port: 3003,
  title: 'chat remote',
  exposes: { './ChatRoom': './src/exposes/chat-room.tsx' },
  override: {
    // The canary e2e's builds go beside dist/ (dist-canary-*), never over it.
    output: { distPath: { root: process.env.CHAT_REMOTE_DIST_DIR ?? 'dist' } },
    performance: {
      chunkSplit: {
        strategy: 'split-by-experience',
        override: {
          cacheGroups: {
            // The Markdown parser (micromark and its GFM parts) in one chunk with the module that calls it:
            // split by the vendors rule, a room with markup asked for a stub of 0.3 KB beside it, a request
            // (and its headers) more on a phone's first load.
            markdownParser: {
              test: /[\\/](micromark[^\\/]*|mdast-util-[^\\/]*|decode-named-character-reference|devlop|unist-util-[^\\/]*|ccount|escape-string-regexp)[\\/]|[\\/]shared[\\/]src[\\/]markdown[\\/]parse-message\.ts$/,
              name: 'markdown-parser',
              chunks: 'async',
              priority: 30,
              enforce: true,
            },
          },
        },
      },
    },
  },
});
