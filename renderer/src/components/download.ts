/** Save as…: the browser's download, started as a link click the user made (Electron asks where). */
export function downloadAssets(items: readonly { url: string; name: string }[], doc: Document = document): void {
  for (const item of items) {
    const a = doc.createElement('a');
    a.href = item.url;
    a.download = item.name;
    a.rel = 'noopener';
    a.style.display = 'none';
    doc.body.appendChild(a);
    a.click();
    a.remove();
  }
}
