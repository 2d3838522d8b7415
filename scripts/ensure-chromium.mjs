// End-to-end journeys and Lighthouse drive Debian's Chromium; test tools never download a browser of their own.
import { CHROMIUM, ensureDebianPackages } from './ensure-debian-packages.mjs';

export function ensureChromium() {
  ensureDebianPackages([CHROMIUM]);
}
