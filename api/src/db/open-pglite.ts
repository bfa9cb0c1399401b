import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';

/**
 * Every PGlite this app opens, with the extensions its migrations create: btree_gin (0010), for the search
 * index that starts from the room. PostgreSQL ships it among its contrib modules.
 */
export function openPGlite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { btree_gin } });
}
