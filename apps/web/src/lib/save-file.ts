/** Hands a downloaded file to the browser under `filename` (e.g. deviceList.csv). */
export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}
