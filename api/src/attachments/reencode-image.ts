import sharp from 'sharp';
import type { DetectedImage } from './detect-image';

// Each upload is decoded once: libvips' operation cache would only keep decoded images in memory.
sharp.cache(false);

/** Why an upload that looked like a PNG or JPEG by its first bytes cannot be stored. */
export class UnusableImageError extends Error {
  constructor(
    readonly reason: 'too_many_pixels' | 'undecodable',
    readonly maxPixels: number,
  ) {
    super(reason === 'too_many_pixels' ? 'Input image exceeds the pixel limit' : 'Image cannot be decoded');
    this.name = 'UnusableImageError';
  }
}

/**
 * Decodes the upload and encodes it again, so only pixels are kept: EXIF (GPS position, camera, thumbnail),
 * ICC, XMP and text chunks, and whatever was appended after the image are gone; the rotation EXIF asked for is
 * applied to the pixels first, so the picture still stands the right way up. The declared size is checked
 * against `maxPixels` when the header is read, before anything is decoded, so a small file declaring
 * 100,000 × 100,000 costs nothing. PNG stays PNG (lossless), JPEG stays JPEG.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  image: DetectedImage,
  maxPixels: number,
): Promise<Buffer> {
  const input = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', autoOrient: true });
  const output = image.mime === 'image/png' ? input.png() : input.jpeg({ quality: 90 });
  try {
    return await output.toBuffer();
  } catch (error) {
    const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
    throw new UnusableImageError(tooLarge ? 'too_many_pixels' : 'undecodable', maxPixels);
  }
}
