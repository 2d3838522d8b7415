import { vi } from 'vitest';

/**
 * Catches the files a screen hands the browser (lib/csv.ts downloadCsv): each
 * download as 'name url', and the blobs behind them, with no real object URL made.
 */
export function captureDownloads(url: string) {
  const blobs: Blob[] = [];
  const downloads: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(`${this.download} ${this.href}`);
  });
  return { blobs, downloads };
}
