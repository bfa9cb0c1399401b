import { PNG } from 'pngjs';

type Pixel = (x: number, y: number) => [number, number, number];

/** A real PNG (pngjs encodes it), so the server's content sniffing and re-encoding see a genuine image. */
export function png(width: number, height: number, pixel: Pixel): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      image.data.set([...pixel(x, y), 255], at);
    }
  return PNG.sync.write(image);
}
