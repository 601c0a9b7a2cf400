/**
 * A checked request's values as the record keeps them: a file field's staged
 * copy becomes a reference to it (name, size, hash, type, path), refused when
 * it is gone, of the wrong kind or over the field's limit.
 */
import type { FieldSpec } from '../../../shared/api';
import type { FileRefRecord } from '../../../shared/domain/job';
import { fail, ok, type Result } from '../../../shared/ipc';
import type { StagedFiles } from './engine-core';

export function stagedRequest(fields: Record<string, FieldSpec>, values: Record<string, unknown>, staging: StagedFiles): Result<Record<string, unknown>> {
  const request: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const spec = fields[name];
    if (value === undefined) continue;
    if (spec?.type !== 'file') {
      request[name] = value;
      continue;
    }
    const ref = value as { stagedFileId: string };
    const staged = staging.read(ref.stagedFileId);
    const file = staging.filePath(ref.stagedFileId);
    if (!staged || !file) return fail('invalid-request', `${spec.label}: the file is no longer staged; pick it again.`, { fields: [{ field: name, message: 'pick the file again' }] });
    if (staged.kind !== spec.accept) {
      return fail('invalid-request', `${spec.label}: the file's content is ${staged.kind === 'model' ? 'a 3D model' : `a ${staged.kind}`}, not ${spec.accept === 'image' ? 'an image' : `a ${spec.accept === 'model' ? '3D model' : spec.accept}`}.`, {
        fields: [{ field: name, message: 'wrong file type' }],
      });
    }
    if (staged.size > spec.maxBytes) {
      return fail('invalid-request', `${spec.label}: the file is larger than the ${Math.round(spec.maxBytes / 1024 / 1024)} MB limit.`, { fields: [{ field: name, message: 'file too large' }] });
    }
    const refRecord: FileRefRecord = { name: staged.name, size: staged.size, sha256: staged.sha256, mime: staged.mime, path: file };
    request[name] = refRecord;
  }
  return ok(request);
}
