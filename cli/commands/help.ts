/** `asset-studio help [command]`: the command list, or one command's usage. */
import { EXIT, parseOptions, type CliCommand } from '../command';

export const command: CliCommand = {
  name: 'help',
  summary: 'List the commands, or show how to use one',
  usage: [
    'Usage: asset-studio help [command]',
    '',
    'Without a command: lists every command with a one-line summary.',
    'With a command: prints its usage (the same as `asset-studio <command> --help`).',
    '',
    'Through npm: npm run cli -- help [command]',
  ].join('\n'),
  async run(argv, io) {
    const { positionals } = parseOptions(argv, {}, { allowPositionals: true });
    const wanted = positionals[0];
    const commands = await io.listCommands(wanted ? [wanted] : undefined);
    if (wanted) {
      const found = commands.find((c) => c.name === wanted);
      if (!found) {
        io.stderr.write(`Unknown command "${wanted}". Run "asset-studio help" to list the commands.\n`);
        return EXIT.usage;
      }
      io.stdout.write(`${found.usage.trimEnd()}\n`);
      return EXIT.ok;
    }
    const width = Math.max(...commands.map((c) => c.name.length));
    const lines = [
      'Asset Studio: generate 3D models, images and 360° skyboxes with the Asset Generation Service.',
      '',
      'Usage: asset-studio <command> [options]      (through npm: npm run cli -- <command> [options])',
      '',
      'Commands:',
      ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
      '',
      'Run "asset-studio help <command>" for a command\'s options.',
      'Every command shares the app\'s data directory; set ASSET_STUDIO_DATA_DIR to use another.',
    ];
    io.stdout.write(`${lines.join('\n')}\n`);
    return EXIT.ok;
  },
};
