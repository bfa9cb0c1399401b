import { copyAttachments } from '../attachments/copy-attachments';
import { DatabaseAttachmentStore } from '../attachments/database-attachment-store';
import { FileAttachmentStore } from '../attachments/file-attachment-store';
import { createDatabase } from '../db/create-database';
import { migrateToLatest } from '../db/migrate';
import { cliConfig, runCli } from './run-cli';

/**
 * `pnpm --filter @chat/api attachments:import`: after moving to the database store, copies the image files
 * uploaded before (DATA_DIR/attachments) into the database, keeping their names, so their messages' links
 * open through every process. The files stay; delete them once the import has reported. Safe to run while
 * the API runs on PostgreSQL, and again after an interruption; the embedded database wants the API stopped.
 */
async function main(): Promise<number> {
  const config = cliConfig();
  if (config.attachmentStore !== 'database') {
    console.error(
      'ATTACHMENT_STORE is "files" (the default without DATABASE_URL): images are already served from ' +
        `${config.storageDir}. Set DATABASE_URL (or ATTACHMENT_STORE=database) to import them into the database.`,
    );
    return 1;
  }
  const { db } = await createDatabase(config.database);
  try {
    await migrateToLatest(db);
    const files = new FileAttachmentStore(config.storageDir, config.attachmentMaxPixels);
    const { copied, present, vanished } = await copyAttachments(
      files,
      new DatabaseAttachmentStore(db, config.attachmentMaxPixels),
    );
    console.log(
      `Imported ${copied} image(s) from ${config.storageDir} into the database; ${present} were there already` +
        `${vanished ? `, ${vanished} deleted meanwhile` : ''}.` +
        (copied + present > 0 ? ' The files are no longer read and may be deleted.' : ''),
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

runCli(main);
