import type { Messages } from '@lingui/core';

/** Every language's catalogues but English's (catalogues.ts loads this map for those pages only). */
export const files = import.meta.glob<{ default: Messages }>([
  './messages/*/*.json',
  '!./messages/en/*.json',
]);
