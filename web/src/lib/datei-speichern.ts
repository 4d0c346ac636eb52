/**
 * Saves a file the page holds (an export read with the bearer token, which a plain link cannot
 * send): a link to an object URL with the download attribute, clicked once. The URL is given
 * back once the browser has taken the file.
 */
export function speichereDatei(datei: Blob, dateiname: string) {
  const url = URL.createObjectURL(datei);
  const link = document.createElement('a');
  link.href = url;
  link.download = dateiname;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
