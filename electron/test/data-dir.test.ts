import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveDataDir } from '../services/data-dir';

describe('resolveDataDir', () => {
  it('uses ASSET_STUDIO_DATA_DIR on every platform, made absolute', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(resolveDataDir({ ASSET_STUDIO_DATA_DIR: '/srv/studio', APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, platform, '/home/a')).toBe(
        path.resolve('/srv/studio'),
      );
    }
    expect(resolveDataDir({ ASSET_STUDIO_DATA_DIR: 'rel/dir' }, 'linux', '/home/a')).toBe(path.resolve('rel/dir'));
  });

  it('ignores an empty override', () => {
    expect(resolveDataDir({ ASSET_STUDIO_DATA_DIR: '  ' }, 'linux', '/home/a')).toBe('/home/a/.config/Asset Studio');
  });

  it('matches Electron userData on Linux: XDG_CONFIG_HOME, else ~/.config', () => {
    expect(resolveDataDir({}, 'linux', '/home/a')).toBe('/home/a/.config/Asset Studio');
    expect(resolveDataDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/a')).toBe('/xdg/Asset Studio');
    // A relative XDG_CONFIG_HOME is invalid per the spec and ignored.
    expect(resolveDataDir({ XDG_CONFIG_HOME: 'xdg' }, 'linux', '/home/a')).toBe('/home/a/.config/Asset Studio');
  });

  it('matches Electron userData on macOS', () => {
    expect(resolveDataDir({}, 'darwin', '/Users/a')).toBe('/Users/a/Library/Application Support/Asset Studio');
  });

  it('matches Electron userData on Windows: %APPDATA%, else the roaming folder under home', () => {
    expect(resolveDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32', 'C:\\Users\\a')).toBe(
      'C:\\Users\\a\\AppData\\Roaming\\Asset Studio',
    );
    expect(resolveDataDir({}, 'win32', 'C:\\Users\\a')).toBe('C:\\Users\\a\\AppData\\Roaming\\Asset Studio');
  });
});
