/**
 * The pictures attached to a run, checked. Apart from the configuration's checks, which the
 * controller runs at first paint, so that this loads with the agent.
 */
import { describeValue } from '../../util/describe-value.js';

const MAX_RUN_IMAGES = 10;
const RUN_IMAGE_URL = /^(data:image\/(png|jpeg|webp|gif);base64,|https:\/\/)/i;

/** The pictures attached to a run, checked: at most 10 image data URLs or https: URLs. */
export function checkRunImages(images: unknown, where: string): string[] {
  if (!Array.isArray(images)) throw new TypeError(`${where}: images must be an array of image URLs, got ${describeValue(images)}`);
  if (images.length > MAX_RUN_IMAGES) throw new TypeError(`${where}: images has ${images.length} entries; at most ${MAX_RUN_IMAGES} are allowed`);
  images.forEach((url: unknown, index) => {
    if (typeof url !== 'string' || !RUN_IMAGE_URL.test(url)) {
      throw new TypeError(`${where}: images[${index}] must be a data:image/(png|jpeg|webp|gif);base64 URL or an https: URL`);
    }
  });
  return [...(images as string[])];
}
