export { formatDuration } from '../../../../shared/ipc';

/** A row's fields as one short line: `prompt="a chair" targetFaceCount=2000`. */
export function fieldsLine(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? JSON.stringify(v.length > 80 ? `${v.slice(0, 77)}…` : v) : JSON.stringify(v)}`)
    .join(' ');
}
