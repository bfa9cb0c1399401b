import type { AttachmentStore } from './attachment-store';

/**
 * Copies every image of one store into another under the same name (messages name their image, so the name
 * must not change), streaming each. Images already in `to` are left as they are, so a copy that was stopped
 * can simply be run again, and running it while the API serves is safe: both stores are write-once.
 */
export async function copyAttachments(
  from: AttachmentStore,
  to: AttachmentStore,
): Promise<{ copied: number; present: number; vanished: number }> {
  const counts = { copied: 0, present: 0, vanished: 0 };
  for await (const name of from.names()) {
    const source = await from.open(name);
    // Deleted (with its message) since it was listed.
    if (!source) {
      counts.vanished++;
      continue;
    }
    if (await to.put(name, source.stream)) counts.copied++;
    else {
      source.stream.destroy();
      counts.present++;
    }
  }
  return counts;
}
