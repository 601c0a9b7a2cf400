/**
 * Every form of the "Generation type" selector against the catalogue: the
 * controls it shows, and the limits, enums and rules it enforces before
 * anything is sent. Test cases are derived from ENDPOINTS, so a catalogue
 * change shows up here.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS, GENERATION_MENU, type FieldSpec, type GenerationKind } from '../../../../shared/api';
import { useStore } from '../../state/store';
import { fieldsOf } from '../../domain/generate/draft';
import { installFakeHost, job, pngFile, resetStore, textFile, type FakeHost, clickGenerate, openPanel as open } from './test-support';

const ALL_KINDS = GENERATION_MENU.flatMap((g) => g.kinds);

/** A successful job of every kind, so every source picker has something to offer. */
function seedJobs() {
  const jobs = Object.fromEntries(
    ALL_KINDS.map((k, i) => [`job-${k}`, job({ localId: `job-${k}`, kind: k, jobId: `up-${k}`, asset: { state: 'ready', format: 'glb', attempts: 1, hasThumbnail: true }, title: `My ${ENDPOINTS[k].label}`, createdAt: `2026-11-22T08:${String(i).padStart(2, '0')}:00.000Z` })]),
  );
  useStore.setState({ jobsById: jobs } as never);
}

let host: FakeHost;

function panel() {
  return screen.getByRole('region', { name: 'Generate' });
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelled = (label: string) => new RegExp(`^${escapeRe(label)}( \\*)?$`);

/** Simple fields are reachable by their visible label; composite ones by their group. */
function controlFor(kind: GenerationKind, name: string, spec: FieldSpec): HTMLElement {
  if (spec.type === 'job-ref') return screen.getByRole('radiogroup', { name: spec.label });
  if (spec.type === 'object' || spec.type === 'array') return screen.getByRole('group', { name: labelled(spec.label) });
  if (kind === 'sketch-to-image' && (name === 'file' || name === 'sketchData')) return screen.getByRole('group', { name: labelled('Sketch') });
  return screen.getByLabelText(labelled(spec.label));
}

beforeEach(() => {
  resetStore({ earlyAccess: true });
  host = installFakeHost();
  seedJobs();
});

describe('the Generation type selector', () => {
  it('lists every kind by its catalogue label, coming-soon ones in their own group', () => {
    open('text-to-3d');
    const select = screen.getByRole('combobox', { name: 'Generation type' });
    const groups = within(select).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['Available', 'Coming soon']);
    expect(within(groups[0]!).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Text to 3D', 'Image to 3D', 'Multi-image to 3D', 'Upload image', 'Retexture', 'Split into parts',
      'Text to image', 'Sketch to image', 'Edit image', 'Text to skybox', 'Skybox from image', 'Edit skybox',
    ]);
    expect(within(groups[1]!).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Upload 3D model', 'Text to solid box', 'Create solid box', 'Auto-rig', 'Animate from text',
      'Animate from video', 'Retarget motion', 'Motion only', 'Merge motion', 'Spritesheet',
    ]);
  });

  it('disables coming-soon kinds with a one-line explanation unless the key has early access', () => {
    resetStore({ earlyAccess: false });
    open('text-to-3d');
    const soon = within(screen.getByRole('combobox', { name: 'Generation type' })).getAllByRole('group')[1]!;
    for (const option of within(soon).getAllByRole('option')) expect(option).toBeDisabled();
    expect(screen.getByText(/types under "Coming soon" are not enabled for public API keys yet/)).toBeInTheDocument();
    // A coming-soon form opened anyway (restored draft) cannot be submitted.
    act(() => useStore.getState().setGenerateKind('retarget'));
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });

  it('switching kinds keeps each kind its own draft', () => {
    open('text-to-3d');
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a brass lamp' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Generation type' }), { target: { value: 'text-to-image' } });
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a poster' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Generation type' }), { target: { value: 'text-to-3d' } });
    expect(screen.getByLabelText(/^Prompt/)).toHaveValue('a brass lamp');
  });
});

describe.each(ALL_KINDS)('the %s form', (kind) => {
  const ep = ENDPOINTS[kind];
  const visible = fieldsOf(kind);

  it('shows a labelled control for every field the request can carry', () => {
    open(kind);
    for (const [name, spec] of visible) {
      if (kind === 'multi-image-to-3d' && spec.type === 'file') {
        expect(screen.getByLabelText(labelled(spec.label))).toBeInTheDocument();
        continue;
      }
      expect(controlFor(kind, name, spec)).toBeInTheDocument();
    }
  });

  it('offers exactly the catalogue values in every choice', () => {
    open(kind);
    for (const [, spec] of visible) {
      if (spec.type !== 'enum') continue;
      const options = within(screen.getByLabelText(labelled(spec.label))).getAllByRole('option');
      expect(options.map((o) => o.getAttribute('value')).filter(Boolean)).toEqual([...spec.values]);
    }
    const nested = visible.find(([, f]) => f.type === 'object');
    if (nested && nested[1].type === 'object') {
      for (const spec of Object.values(nested[1].fields)) {
        const choices = spec.type === 'enum' ? spec.values.map(String) : spec.type === 'integer' && spec.oneOf ? spec.oneOf.map(String) : null;
        if (!choices) continue;
        const options = within(screen.getByLabelText(labelled(spec.label))).getAllByRole('option');
        expect(options.map((o) => o.getAttribute('value')).filter(Boolean)).toEqual(choices);
      }
    }
    expect(host.submit).not.toHaveBeenCalled();
  });

  it('reports every missing required field and cross-field rule under its field, without sending', async () => {
    open(kind);
    // Clear what the picker or defaults may have filled, then ask to generate.
    await clickGenerate();
    const errors = useStore.getState().fieldErrors[kind] ?? {};
    const required = visible
      .filter(([, f]) => f.required && !('default' in f && f.default !== undefined))
      .map(([n]) => n)
      // The drawing supplies sketchData: a missing drawing is reported on the Sketch group (file).
      .filter((n) => !(kind === 'sketch-to-image' && n === 'sketchData'));
    const keys = Object.keys(errors);
    for (const name of required) expect(keys.some((k) => k === name || k.startsWith(`${name}.`))).toBe(true);
    for (const rule of ('rules' in ep ? ep.rules : []) ?? []) {
      if (rule.id === 'spritesheet-frame-count') continue; // needs a mode and a count to be broken
      expect(Object.keys(errors)).toContain(rule.field);
    }
    for (const message of Object.values(errors)) expect(within(panel()).getAllByText(message, { exact: false }).length).toBeGreaterThan(0);
    expect(host.submit).not.toHaveBeenCalled();
  });

  const prompt = visible.find(([, f]) => f.type === 'string' && f.prompt);
  if (prompt && prompt[1].type === 'string' && prompt[1].maxLength) {
    const max = prompt[1].maxLength;
    it(`counts prompt characters live against ${max} and refuses one more before sending`, async () => {
      open(kind);
      const box = screen.getByLabelText(/^Prompt/);
      fireEvent.change(box, { target: { value: 'x'.repeat(max) } });
      expect(screen.getByText(`${max.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`)).toBeInTheDocument();
      await clickGenerate();
      expect(useStore.getState().fieldErrors[kind]?.prompt).toBeUndefined();
      fireEvent.change(box, { target: { value: 'x'.repeat(max + 1) } });
      expect(screen.getByText(`${(max + 1).toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`)).toBeInTheDocument();
      host.submit.mockClear();
      await clickGenerate();
      expect(useStore.getState().fieldErrors[kind]?.prompt).toBe(`Keep the prompt to ${max.toLocaleString('en-US')} characters or fewer.`);
      expect(box).toHaveAccessibleDescription(expect.stringMatching(/to 4,096 characters or fewer/));
      expect(host.submit).not.toHaveBeenCalled();
    });
  }

  const bounded = visible.filter(([, f]) => (f.type === 'integer' || f.type === 'numeric-string') && f.max !== undefined && !('oneOf' in f && f.oneOf));
  for (const [name, spec] of bounded) {
    if (spec.type !== 'integer' && spec.type !== 'numeric-string') continue;
    it(`keeps ${spec.label} within ${spec.min ?? '-∞'}..${spec.max}`, async () => {
      open(kind);
      const input = screen.getByLabelText(new RegExp(`^${spec.label}`));
      fireEvent.change(input, { target: { value: String(spec.max! + 1) } });
      await clickGenerate();
      const range = `${spec.label}: use a whole number from ${(spec.min ?? 0).toLocaleString('en-US')} to ${spec.max!.toLocaleString('en-US')}.`;
      expect(useStore.getState().fieldErrors[kind]?.[name]).toBe(range);
      fireEvent.change(input, { target: { value: String(spec.max) } });
      await clickGenerate();
      expect(useStore.getState().fieldErrors[kind]?.[name]).toBeUndefined();
      if (spec.min !== undefined) {
        fireEvent.change(input, { target: { value: String(spec.min - 1) } });
        await clickGenerate();
        expect(useStore.getState().fieldErrors[kind]?.[name]).toBe(range);
      }
    });
  }

  const files = visible.filter(([, f]) => f.type === 'file');
  for (const [name, spec] of files) {
    if (spec.type !== 'file') continue;
    if (kind === 'sketch-to-image') continue; // the sketch's upload mode has its own test
    it(`checks ${spec.label} by size (${spec.maxBytes} bytes) and by content before staging it`, async () => {
      open(kind);
      const input = screen.getByLabelText(labelled(spec.label));
      const big = pngFile('big.png');
      Object.defineProperty(big, 'size', { value: spec.maxBytes + 1 });
      fireEvent.change(input, { target: { files: [big] } });
      await waitFor(() => expect(useStore.getState().fieldErrors[kind]?.[name]).toMatch(/the limit is/));
      fireEvent.change(input, { target: { files: [textFile('notes.png')] } });
      await waitFor(() => expect(useStore.getState().fieldErrors[kind]?.[name]).toMatch(/content is not/));
      expect(host.stageFile).not.toHaveBeenCalled();
      if (spec.accept === 'image') {
        fireEvent.change(input, { target: { files: [pngFile('ok.png')] } });
        await waitFor(() => expect(screen.getByText('ok.png')).toBeInTheDocument());
        expect(host.stageFile).toHaveBeenCalledTimes(1);
      }
    });
  }

  const refs = visible.filter(([, f]) => f.type === 'job-ref');
  for (const [name, spec] of refs) {
    if (spec.type !== 'job-ref') continue;
    it(`chooses ${spec.label} among own successful ${spec.sourceKinds.join('/')} jobs only`, () => {
      const extra = job({ localId: 'failed-one', kind: spec.sourceKinds[0] as GenerationKind, jobId: 'up-failed', state: 'error', title: 'Failed source' });
      useStore.setState({ jobsById: { ...(useStore.getState() as unknown as { jobsById: object }).jobsById, [extra.localId]: extra } } as never);
      open(kind);
      const group = screen.getByRole('radiogroup', { name: spec.label });
      const titles = within(group).getAllByRole('radio').map((r) => r.closest('label')!.querySelector('.picker-title')!.textContent);
      const expected = spec.sourceKinds.filter((k) => k in ENDPOINTS).map((k) => `My ${ENDPOINTS[k as GenerationKind].label}`);
      expect(titles.filter((t) => t !== 'None').sort()).toEqual([...expected].sort());
      expect(titles).not.toContain('Failed source');
      fireEvent.click(within(group).getByRole('radio', { name: `My ${ENDPOINTS[spec.sourceKinds[0] as GenerationKind].label}` }));
      expect(useStore.getState().drafts[kind]?.[name]).toBe(`up-${spec.sourceKinds[0]}`);
      expect(group.querySelectorAll('img').length).toBeGreaterThan(0);
    });
  }
});
