/**
 * The Filters popover (Radix Popover): kind, when, tag, collection,
 * environment, exported or not, favourites, readiness against a project
 * folder's budget, and the assets removed from the history. Native selects
 * inside: they are the most reliable keyboard and screen-reader control for
 * a short list.
 */
import { Popover } from 'radix-ui';
import { ENDPOINTS, GENERATION_KINDS } from '../../../../shared/api';
import { ASSET_MEDIA_KINDS } from '../../../../shared/domain/library';
import { activeFilterCount, clearedFilters, type DateSpan, type LibraryFilters as Filters, type TriState } from '../../domain/library/filters';
import { MEDIA_KIND_WORDS, numberWords, READINESS_WORDS } from '../../domain/library/words';
import { keepFocusMovedOn } from '../../components/focus-return';
import { useStore } from '../../state/store';

const DATE_WORDS: Record<DateSpan, string> = { any: 'Any time', today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days', '365d': 'Last year' };
const SORT_WORDS: Record<Filters['sort'], string> = { newest: 'Newest first', oldest: 'Oldest first', title: 'By name' };
const EXPORTED_WORDS: Record<TriState, string> = { any: 'Exported or not', yes: 'Exported', no: 'Never exported' };

interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}

const counted = (label: string, count?: number) => (count === undefined ? label : `${label} (${numberWords(count)})`);
const fromWords = (words: Record<string, string>): Option[] => Object.entries(words).map(([value, label]) => ({ value, label }));

function Choice({ label, value, onChange, options }: { label: string; value: string; onChange(v: string): void; options: Option[] }) {
  return (
    <label className="lib-filter">
      <span className="field-label">{label}</span>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange(v: boolean): void }) {
  return (
    <label className="lib-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

export function LibraryFilters() {
  const filters = useStore((s) => s.libraryFilters);
  const setFilters = useStore((s) => s.setLibraryFilters);
  const facets = useStore((s) => s.libraryFacets);
  const collections = useStore((s) => s.libraryCollections);
  const folders = useStore((s) => s.projectFolders);
  const active = activeFilterCount(filters);
  const set = (patch: Partial<Filters>) => setFilters(patch);
  const kindCount = (k: string) => facets?.mediaKinds.find((m) => m.mediaKind === k)?.count;

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button type="button" className={`btn btn-small${active ? ' lib-filters-on' : ''}`} aria-label={active ? `Filters, ${active} on` : 'Filters'}>
          Filters{active ? ` (${active})` : ''}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="lib-filters" aria-label="Library filters" align="end" sideOffset={4} collisionPadding={8} onCloseAutoFocus={keepFocusMovedOn}>
          <Choice
            label="Kind"
            value={filters.mediaKind}
            onChange={(v) => set({ mediaKind: v as Filters['mediaKind'] })}
            options={[{ value: 'any', label: 'All kinds' }, ...ASSET_MEDIA_KINDS.map((k) => ({ value: k, label: counted(MEDIA_KIND_WORDS[k].many, kindCount(k)) }))]}
          />
          <Choice
            label="Made by"
            value={filters.source === 'imported' ? 'imported' : filters.generationKind}
            onChange={(v) =>
              set(v === 'imported' ? { source: 'imported', generationKind: 'any' } : v === 'any' ? { source: 'any', generationKind: 'any' } : { source: 'generated', generationKind: v as Filters['generationKind'] })
            }
            options={[{ value: 'any', label: 'Anything' }, { value: 'imported', label: 'Brought in (files)' }, ...GENERATION_KINDS.map((k) => ({ value: k, label: ENDPOINTS[k].label }))]}
          />
          <Choice label="Made" value={filters.date} onChange={(v) => set({ date: v as DateSpan })} options={fromWords(DATE_WORDS)} />
          <Choice
            label="Tag"
            value={filters.tag ?? ''}
            onChange={(v) => set({ tag: v || null })}
            options={[{ value: '', label: 'Any tag' }, ...(facets?.tags ?? []).map((t) => ({ value: t.tag, label: counted(t.tag, t.count) }))]}
          />
          <Choice
            label="Collection"
            value={filters.collectionId ?? ''}
            onChange={(v) => set({ collectionId: v || null })}
            options={[{ value: '', label: 'Any collection' }, ...collections.map((c) => ({ value: c.id, label: counted(c.name, c.count) }))]}
          />
          <Choice
            label="Environment"
            value={filters.environmentId ?? ''}
            onChange={(v) => set({ environmentId: v || null })}
            options={[{ value: '', label: 'Every environment' }, ...(facets?.environments ?? []).map((e) => ({ value: e.environmentId, label: counted(e.name, e.count) }))]}
          />
          <Choice label="Exports" value={filters.exported} onChange={(v) => set({ exported: v as TriState })} options={fromWords(EXPORTED_WORDS)} />
          <div className="lib-filter-pair">
            <Choice
              label="Fits the budget of"
              value={filters.readinessFolderId ?? ''}
              onChange={(v) => set({ readinessFolderId: v || null })}
              options={[{ value: '', label: 'No project folder' }, ...folders.map((f) => ({ value: f.id, label: f.name }))]}
            />
            <Choice
              label="Readiness"
              value={filters.readiness}
              onChange={(v) => set({ readiness: v as Filters['readiness'] })}
              options={[{ value: 'any', label: 'Any' }, ...fromWords(READINESS_WORDS).map((o) => ({ ...o, disabled: !filters.readinessFolderId }))]}
            />
          </div>
          <Check label="Favourites only" checked={filters.favourites} onChange={(v) => set({ favourites: v })} />
          <Check label="Also show assets removed from the history" checked={filters.showHidden} onChange={(v) => set({ showHidden: v })} />
          <Choice label="Order" value={filters.sort} onChange={(v) => set({ sort: v as Filters['sort'] })} options={fromWords(SORT_WORDS)} />
          <button type="button" className="btn btn-small" disabled={active === 0} onClick={() => setFilters(clearedFilters(filters))}>
            Clear filters
          </button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
