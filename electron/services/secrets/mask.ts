/** How a client id is shown outside the main process: enough to recognise, not enough to use. */
export function maskClientId(clientId: string): string {
  const chars = Array.from(clientId);
  if (chars.length >= 12) return `${chars.slice(0, 4).join('')}…${chars.slice(-4).join('')}`;
  if (chars.length >= 6) return `${chars.slice(0, 2).join('')}…${chars.slice(-2).join('')}`;
  return '…';
}
