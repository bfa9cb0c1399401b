import { fileTypeFromBuffer } from 'file-type/core';

export interface DetectedImage {
  mime: 'image/png' | 'image/jpeg';
  ext: 'png' | 'jpg';
}

/** Decides by the bytes, never by the name or the browser's claimed type: a `.png` that is text stays text. */
export async function detectImage(bytes: Uint8Array): Promise<DetectedImage | null> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === 'image/png') return { mime: 'image/png', ext: 'png' };
  if (type?.mime === 'image/jpeg') return { mime: 'image/jpeg', ext: 'jpg' };
  return null;
}

export const mimeForStoredName = (name: string): DetectedImage['mime'] =>
  name.endsWith('.png') ? 'image/png' : 'image/jpeg';
