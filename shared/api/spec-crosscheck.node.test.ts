/**
 * Reads the spec document itself (beside the checkout in ../shared/spec) and
 * checks that the catalogue names every path and enum it states. Guards
 * against the catalogue and the spec drifting apart when either changes.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { missingSharedFile, SPEC_FILE } from '../../testkit/shared-files';
import { ASPECT_RATIOS, ENDPOINTS, RETARGET_PRESETS, TEXTURE_RESOLUTIONS, TOPOLOGIES } from './index';

// The spec lives outside the repository (../shared/spec): under CI it is always there, elsewhere its absence skips this.
describe('catalogue against the spec document', () => {
  let text = '';
  beforeEach((ctx) => {
    const missing = missingSharedFile(SPEC_FILE, 'The catalogue-against-spec cross-check');
    if (missing) ctx.skip(missing);
    text = readFileSync(SPEC_FILE, 'utf8');
  });

  it('has an endpoint for every path the spec names, and no other', () => {
    const specPaths = new Set([...text.matchAll(/\b(POST|GET) (\/jobs\/[A-Za-z0-9/{}_-]+)/g)].map((m) => `${m[1]} ${m[2]}`));
    const ours = new Set(Object.values(ENDPOINTS).map((e) => `${e.method} ${e.path}`));
    expect([...ours].sort()).toEqual([...specPaths].sort());
  });

  it('uses the enum values the spec lists', () => {
    const backticked = (line: RegExp) => {
      const m = text.match(line);
      return m ? [...m[0].matchAll(/`([^`]+)`/g)].map((x) => x[1]) : [];
    };
    expect(backticked(/^- textureResolution:.*$/m).slice(0, TEXTURE_RESOLUTIONS.length)).toEqual([...TEXTURE_RESOLUTIONS]);
    expect(backticked(/^- topology:.*$/m).slice(0, TOPOLOGIES.length)).toEqual([...TOPOLOGIES]);
    expect(backticked(/^\| aspectRatio .*$/m).slice(0, ASPECT_RATIOS.length)).toEqual([...ASPECT_RATIOS]);
    const retargetRow = text.match(/^\| POST \/jobs\/retarget .*$/m)?.[0] ?? '';
    const presets = [...retargetRow.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]);
    expect(presets).toEqual([...RETARGET_PRESETS]);
  });
});
