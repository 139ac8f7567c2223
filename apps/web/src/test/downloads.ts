import { vi } from 'vitest';

/**
 * Catches the files the app offers for download (lib/saveFile.ts: an object URL on a clicked link) and
 * returns the list their names land in; jsdom has neither object URLs nor downloads.
 */
export function captureDownloads(): string[] {
  const saved: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
