/**
 * `asset-studio library search|tag|import`: the library of this data folder
 * (the app's), from the command line.
 */
import path from 'node:path';
import type { Services } from '../../electron/compose';
import type { LibraryImportProgress } from '../../shared/domain/library';
import { EXIT, UsageError, intOption, parseOptions, type CliCommand, type CliIo } from '../command';
import { openServices } from '../services';

const usage = [
  'Usage: asset-studio library search QUERY [--tag TAG]... [--kind KIND]... [--all] [--limit N] [--json]',
  '       asset-studio library tag <id> TAG... [--remove]',
  '       asset-studio library import PATH... [--json]',
  '',
  'The library: every asset of the app\'s history and every file brought in, with tags.',
  '',
  'search  Finds assets whose prompt, title, tags, note or file names hold every word of QUERY',
  '        (each as the start of a word), newest first: one line each (id, kind, title, tags).',
  '  --tag TAG     Only assets with this tag (repeat for several: all of them).',
  '  --kind KIND   model, image, skybox, or a generation kind such as text-to-3d (repeat for any of them).',
  '  --all         Include assets removed from the history view.',
  '  --limit N     At most N assets (default 50, at most 500).',
  '  --json        One JSON object per asset, one per line; the count goes to stderr.',
  '',
  'tag     Adds the tags to the asset (--remove takes them off). <id> is a library asset id,',
  '        a local id or the service\'s job id.',
  '',
  'import  Brings files in: each PATH is a file or a folder (walked). GLB, glTF, OBJ, STL, PNG, JPEG,',
  '        WebP and HDR panoramas; each is checked like any file from outside and stored once by',
  '        its content. Progress goes to stderr; the result is one line per file (or --json).',
].join('\n');

const ctx = { shell: 'cli' as const };

async function search(argv: string[], io: CliIo, services: Services): Promise<number> {
  const { values, positionals } = parseOptions(
    argv,
    { tag: { type: 'string', multiple: true }, kind: { type: 'string', multiple: true }, all: { type: 'boolean', default: false }, limit: { type: 'string' }, json: { type: 'boolean', default: false } },
    { allowPositionals: true },
  );
  const { cliSearch, assetLine } = await import('../../electron/services/library/cli-support');
  const args = cliSearch({ words: positionals, tags: values.tag, kinds: values.kind, all: values.all, limit: intOption(values.limit, 'limit', { min: 1, max: 500 }) ?? 50 });
  if ('problem' in args) throw new UsageError(args.problem);
  const res = await services.handlers['library:search'](args, ctx);
  if (!res.ok) {
    io.stderr.write(`${res.problem.message}\n`);
    return EXIT.failure;
  }
  const { total, items } = res.value;
  for (const asset of items) io.stdout.write(values.json ? `${JSON.stringify(asset)}\n` : `${assetLine(asset)}\n`);
  io.stderr.write(total === 0 ? 'No asset matches.\n' : `${total} asset${total === 1 ? '' : 's'} match${total === 1 ? 'es' : ''}${total > items.length ? `; the first ${items.length} shown (--limit)` : ''}.\n`);
  return EXIT.ok;
}

async function tag(argv: string[], io: CliIo, services: Services): Promise<number> {
  const { values, positionals } = parseOptions(argv, { remove: { type: 'boolean', default: false } }, { allowPositionals: true });
  const [id, ...tags] = positionals;
  if (!id || tags.length === 0) throw new UsageError('Give the asset\'s id and at least one tag.');
  const found = await services.handlers['library:get']({ id }, ctx);
  if (!found.ok) {
    io.stderr.write(`No asset "${id}" in the library.\n`);
    return EXIT.failure;
  }
  const res = await services.handlers['library:tag']({ ids: [found.value.id], ...(values.remove ? { remove: tags } : { add: tags }) }, ctx);
  if (!res.ok) {
    io.stderr.write(`${res.problem.message}\n`);
    return EXIT.failure;
  }
  const after = await services.handlers['library:get']({ id: found.value.id }, ctx);
  const now = after.ok ? after.value.tags : [];
  io.stdout.write(`${found.value.id}  ${now.length ? now.map((t) => `#${t.replace(/\s+/g, '-')}`).join(' ') : '(no tags)'}\n`);
  return EXIT.ok;
}

async function importPaths(argv: string[], io: CliIo, services: Services): Promise<number> {
  const { values, positionals } = parseOptions(argv, { json: { type: 'boolean', default: false } }, { allowPositionals: true });
  if (positionals.length === 0) throw new UsageError('Give at least one file or folder to bring in.');
  const off = services.events.subscribe((name, payload) => {
    const p = payload as LibraryImportProgress;
    if (name === 'library:importProgress' && p.current) io.stderr.write(`${p.done + 1} of ${p.total}: ${p.current}\n`);
  });
  try {
    const res = await services.handlers['library:import']({ paths: positionals.map((p) => path.resolve(io.cwd, p)) }, ctx);
    if (!res.ok) {
      io.stderr.write(`${res.problem.message}\n`);
      return EXIT.failure;
    }
    const { imported, alreadyThere, skipped } = res.value;
    if (values.json) io.stdout.write(`${JSON.stringify(res.value)}\n`);
    else {
      for (const a of imported) io.stdout.write(`added  ${a.id}  ${a.fileName ?? a.title}\n`);
      for (const a of alreadyThere) io.stdout.write(`already there  ${a.id}  ${a.fileName ?? a.title}\n`);
      for (const s of skipped) io.stdout.write(`left out  ${s.name}: ${s.reason}\n`);
    }
    io.stderr.write(`${imported.length} added, ${alreadyThere.length} already in the library, ${skipped.length} left out.\n`);
    return imported.length + alreadyThere.length === 0 && skipped.length > 0 ? EXIT.failure : EXIT.ok;
  } finally {
    off();
  }
}

const SUBCOMMANDS: Record<string, (argv: string[], io: CliIo, services: Services) => Promise<number>> = { search, tag, import: importPaths };

export const command: CliCommand = {
  name: 'library',
  summary: 'Search the library, tag assets, bring files in',
  usage,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    const run = sub ? SUBCOMMANDS[sub] : undefined;
    if (!run) throw new UsageError(sub ? `Unknown library command "${sub}": use search, tag or import.` : 'Say what to do: search, tag or import.');
    // Nothing is sent, polled or downloaded: the engine is not started.
    const services = await openServices(io, { sandbox: 'none', startEngine: false });
    try {
      return await run(rest, io, services);
    } finally {
      await services.dispose();
    }
  },
};
