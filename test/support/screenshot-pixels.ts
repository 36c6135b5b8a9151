import { page } from 'vitest/browser';

/** A painted box, read back: RGBA bytes row by row, its size in device pixels, and its place on the page. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  /** The box's client rect, as measured before the screenshot. */
  rect: DOMRect;
  /** Device pixels to a CSS pixel: the test frame may be scaled to fit. */
  scale: number;
}

/** A screenshot of `box` as pixels, to read what is painted around and inside it. */
export async function screenshotPixels(box: Element): Promise<Pixels> {
  const rect = box.getBoundingClientRect();
  const png = await page.screenshot({ element: box, save: false });
  const bitmap = await createImageBitmap(
    new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }),
  );
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
  canvas.drawImage(bitmap, 0, 0);
  const data = canvas.getImageData(0, 0, bitmap.width, bitmap.height).data;
  return { data, width: bitmap.width, height: bitmap.height, rect, scale: bitmap.width / rect.width };
}
