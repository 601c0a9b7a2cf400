/**
 * `asset-studio export <job id or local id> --out DIR [--budget mobile|desktop|web] [--fix all|LIST]
 * [--format glb|gltf|obj|stl|usdz[,…]] [--collision none|convex|mesh] [--lods auto|on|off] [--json]`: the readiness check of a model against a budget, the
 * chosen fixes applied to the exported copy, and the files written. The budget is --budget's
 * preset, or the project folder's own when DIR is one; DIR is never added to the project folders.
 */
import { EXIT, UsageError, parseOptions, type CliCommand } from '../command';
import { findJob } from '../job-support';
import { openServices } from '../services';

const usage = [
  'Usage: asset-studio export <job id or local id> --out DIR [--budget mobile|desktop|web] [--fix all|LIST]',
  '                           [--format glb|gltf|obj|stl|usdz|png|cubemap] [--collision none|convex|mesh]',
  '                           [--lods auto|on|off] [--json]',
  '',
  'Checks the model against a budget, applies the fixes asked for to the exported copy (the cached',
  'original never changes), writes it into DIR with its sidecar, and prints the check and the files.',
  'Exits 1 when a failing line of the check was left unfixed.',
  'The id may be a local id, the service\'s job id or the library\'s asset id (j_…, or a_… for a model brought in).',
  '  --out DIR        Where the files go (a project folder uses its own budget and subfolder;',
  '                   DIR is not added to the project folders).',
  '  --budget TARGET  The preset budget of mobile, desktop or web for the engine found in DIR.',
  '  --fix all|LIST   all: the fix of every line that needs one; or a comma-separated list of',
  '                   weld-prune, simplify, resize-textures, scale-to-height, recentre-pivot, compress.',
  '  --format FORMAT  glb (default), gltf (+ .bin + textures), obj (+ MTL + textures), stl (millimetres).',
  '                   Several, comma-separated (gltf,obj,stl): one base name, textures shared, one sidecar.',
  '                   usdz is made in the app window only (it needs a canvas).',
  '                   Skyboxes: png (the panorama, default) or cubemap (the panorama and six cube faces',
  '                   named for the engine found in DIR; Godot also gets a sky resource, NAME_sky.tres).',
  '  --collision SHAPE  GLB and glTF: convex (a hull node named NAME-convcolonly) or mesh (mesh nodes named',
  '                   …-col), which Godot 4 builds collision from on import; none (default).',
  '  --lods auto|on|off  NAME_LOD1.glb and NAME_LOD2.glb at 50 % and 25 % of the triangles: auto writes them',
  '                   where the engine makes none (a plain, three.js or web folder; Godot 4 makes its own).',
  '  --json           One JSON object: { "check": [...], "files": [...], "fileBytes": N, ... };',
  '                   fileBytes and the File size line measure the files written in the chosen format.',
].join('\n');

export const command: CliCommand = {
  name: 'export',
  summary: 'Check a model against a budget, fix the exported copy and write it (GLB, glTF, OBJ, STL)',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseOptions(
      argv,
      {
        out: { type: 'string' },
        budget: { type: 'string' },
        fix: { type: 'string' },
        format: { type: 'string', default: 'glb' },
        collision: { type: 'string' },
        lods: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
      { allowPositionals: true },
    );
    if (positionals.length !== 1) throw new UsageError('Give exactly one job id or local id.');
    if (!values.out) throw new UsageError('--out DIR is required: the folder the files go to.');
    const { BUDGET_TARGETS, parseFixList } = await import('../../shared/domain/readiness');
    const { CANVAS_ONLY_REASON, EXPORT_FORMATS, NODE_FORMATS, SKYBOX_FORMATS } = await import('../../shared/domain/export-formats');
    const target = values.budget;
    if (target !== undefined && !(BUDGET_TARGETS as readonly string[]).includes(target)) throw new UsageError(`--budget must be one of ${BUDGET_TARGETS.join(', ')}, not "${target}".`);
    const skyboxFormat = (SKYBOX_FORMATS as readonly string[]).includes(values.format!);
    const formats = skyboxFormat ? ['glb'] : values.format!.split(',').map((f) => f.trim());
    for (const format of formats) {
      if (format in EXPORT_FORMATS && EXPORT_FORMATS[format as keyof typeof EXPORT_FORMATS].canvasOnly) throw new UsageError(CANVAS_ONLY_REASON);
      if (!(NODE_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of glb, gltf, obj, stl, usdz, png or cubemap (or several models, comma-separated), not "${format}".`);
    }
    const { COLLISION_SHAPES, LOD_CHOICES } = await import('../../shared/domain/engine-import');
    if (values.collision !== undefined && !(COLLISION_SHAPES as readonly string[]).includes(values.collision)) throw new UsageError(`--collision must be one of ${COLLISION_SHAPES.join(', ')}, not "${values.collision}".`);
    if (values.lods !== undefined && !(LOD_CHOICES as readonly string[]).includes(values.lods)) throw new UsageError(`--lods must be one of ${LOD_CHOICES.join(', ')}, not "${values.lods}".`);
    const modelOptions = {
      ...(values.collision ? { collision: values.collision as (typeof COLLISION_SHAPES)[number] } : {}),
      ...(values.lods ? { lods: values.lods as (typeof LOD_CHOICES)[number] } : {}),
    };
    const fixes = values.fix === undefined ? undefined : parseFixList(values.fix);
    if (fixes && !fixes.ok) throw new UsageError(fixes.message);

    const { exportForCli, describeCheckLine } = await import('../../electron/services/export/cli-export');
    const services = await openServices(io, { sandbox: 'none' });
    try {
      const id = positionals[0]!;
      const job = findJob(services.engine, id);
      // A model brought into the library (a_…) is exported as a dropped model is: from a staged copy of its stored file.
      const libraryFile = job ? undefined : services.assetFiles.imported(id);
      let stagedFileId: string | undefined;
      if (libraryFile) {
        const staged = await services.handlers['files:stagePath']({ path: services.assetFiles.assetPath(id) ?? '' }, { shell: 'cli' });
        if (!staged.ok) {
          io.stderr.write(`${staged.problem.message}\n`);
          return EXIT.failure;
        }
        stagedFileId = staged.value.id;
      }
      if (!job && !stagedFileId) {
        io.stderr.write(`No job "${id}" in the history. Use "track ${id}" for a job created elsewhere.\n`);
        return EXIT.failure;
      }
      const { ENDPOINTS } = await import('../../shared/api');
      const isSkybox = job ? ENDPOINTS[job.kind]?.produces === 'skybox' : libraryFile?.mediaKind === 'skybox';
      if (skyboxFormat && !isSkybox) throw new UsageError(`--format ${values.format} is for skyboxes; this ${job ? 'job' : 'asset'} is a ${(job ? job.asset?.format === 'glb' : libraryFile?.mediaKind === 'model') ? 'model' : 'picture'}.`);
      const result = await exportForCli({
        engine: services.engine,
        handlers: services.handlers,
        localId: job?.localId ?? id,
        ...(stagedFileId ? { stagedFileId, staging: services.staging } : {}),
        outDir: values.out,
        cwd: io.cwd,
        ...(target ? { target: target as (typeof BUDGET_TARGETS)[number] } : {}),
        ...(fixes?.ok ? { fixes: fixes.fixes } : {}),
        format: formats[0] as (typeof NODE_FORMATS)[number],
        ...(formats.length > 1 ? { formats: formats as (typeof NODE_FORMATS)[number][] } : {}),
        options: modelOptions,
        ...(values.format === 'cubemap' ? { skyboxFaces: true } : {}),
        onExported: services.recordExport,
      });
      if (!result.ok) {
        io.stderr.write(`${result.message}\n`);
        return EXIT.failure;
      }
      if (values.json) {
        io.stdout.write(`${JSON.stringify({ check: result.check, files: result.files, fileBytes: result.fileBytes, fixes: result.fixes, budget: result.budget })}\n`);
      } else {
        for (const line of result.check) io.stdout.write(`${describeCheckLine(line)}\n`);
        for (const fix of result.fixes) io.stdout.write(`fixed: ${fix.id}: ${fix.detail}\n`);
        for (const file of result.files) io.stdout.write(`${file}\n`);
      }
      const failing = result.check.filter((l) => l.status === 'fail');
      if (failing.length > 0) {
        io.stderr.write(`${failing.length} failing line(s) left unfixed: ${failing.map((l) => l.label).join(', ')}.${failing.some((l) => l.fix) ? ' Add --fix all to apply their fixes.' : ''}\n`);
        return EXIT.failure;
      }
      return EXIT.ok;
    } finally {
      await services.dispose();
    }
  },
};
