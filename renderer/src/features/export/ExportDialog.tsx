/**
 * Export one history item or a selection to a project folder. Opened through
 * the settings slice's `openExport(localIds)`; mounted by SettingsDialog so no
 * layout change is needed.
 */
import { useEffect, useState } from 'react';
import { ENDPOINTS } from '../../../../shared/api';
import { EXPORT_FORMATS, NODE_FORMATS, type ModelFormat, type SkyboxFormat } from '../../../../shared/domain/export-formats';
import type { FixId } from '../../../../shared/domain/readiness';
import { DEFAULT_EXPORT_OPTIONS, type ExportOptions, type ExportReport, type ReadinessReport } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Select } from '../../components/Select';
import { useStore } from '../../state/store';
import { ExportOptionsFields } from '../../components/ExportOptionsFields';
import { ReadinessList } from './ReadinessList';
import { downloadAssets } from '../../components/download';
import { modelOptionsApply, saveAsName } from '../../domain/export/save-as';
import { downloadBytes, makeUsdz, usdzName } from './usdz';
import { SkyboxFormatField } from './SkyboxFormatField';

export function ExportDialog() {
  const targets = useStore((s) => s.exportTargets);
  /** A model dropped on the window (staged in main) instead of history items. */
  const local = useStore((s) => s.exportLocal);
  const close = useStore((s) => s.closeExport);
  const folders = useStore((s) => s.projectFolders);
  const defaults = useStore((s) => s.settings?.exportDefaults) ?? DEFAULT_EXPORT_OPTIONS;
  const openSettings = useStore((s) => s.openSettings);
  const [folderId, setFolderId] = useState('');
  const [options, setOptions] = useState<ExportOptions>(defaults);
  const [report, setReport] = useState<ExportReport>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [format, setFormat] = useState<ModelFormat>('glb');
  const [madeInWindow, setMadeInWindow] = useState<string>();
  const [fixes, setFixes] = useState<FixId[]>([]);
  const [skyboxFormat, setSkyboxFormat] = useState<SkyboxFormat>('png');
  const [readiness, setReadiness] = useState<ReadinessReport>();
  const open = targets !== null || local !== null;
  const single = targets?.length === 1 ? targets[0] : undefined;
  const isModel = useStore((s) => (single ? s.jobsById[single]?.asset?.format === 'glb' : false)) || local !== null;
  const stagedFileId = local?.stagedFileId;

  useEffect(() => {
    if (!open) return;
    setReport(undefined);
    setError(undefined);
    setMadeInWindow(undefined);
    setOptions(useStore.getState().settings?.exportDefaults ?? DEFAULT_EXPORT_OPTIONS);
    setFixes([]);
  }, [open]);
  // The readiness check of a single model against the chosen folder's budget, checked again
  // when that budget changes (Settings can change it while this dialog stays open under it).
  const budgetKey = JSON.stringify(folders.find((f) => f.id === folderId)?.budget ?? null);
  useEffect(() => {
    setReadiness(undefined);
    if (!open || !(single || stagedFileId) || !isModel || !folderId) return;
    let current = true;
    void bridge()
      .api.export.check({ ...(stagedFileId ? { stagedFileId } : { localId: single! }), folderId })
      .then((r) => {
        if (current && r.ok) setReadiness(r.value);
      });
    return () => {
      current = false;
    };
  }, [open, single, stagedFileId, isModel, folderId, budgetKey]);
  const toggleFix = (fix: FixId) => setFixes((list) => (list.includes(fix) ? list.filter((f) => f !== fix) : [...list, fix]));
  useEffect(() => {
    if (!folders.some((f) => f.id === folderId)) setFolderId(folders[0]?.id ?? '');
  }, [folders, folderId]);

  const run = async () => {
    if (!(targets || stagedFileId) || !folderId) return;
    setBusy(true);
    setError(undefined);
    setMadeInWindow(undefined);
    if (format === 'usdz') {
      // Made here (three's exporter needs a canvas) and handed to Save as…; see usdz.ts.
      const job = single ? useStore.getState().jobsById[single] : undefined;
      try {
        if (!job) throw new Error('That job is not in the history any more.');
        const host = bridge();
        const bytes = await makeUsdz(job.localId, host.assetUrl(job.localId, 'asset'), host.assetRequestHeaders());
        const name = usdzName(saveAsName(job));
        downloadBytes(bytes, name, 'model/vnd.usdz+zip');
        setMadeInWindow(`Made ${name} (${(bytes.length / 1e6).toFixed(1)} MB) and handed it to Save as…`);
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
      }
      setBusy(false);
      return;
    }
    const result = await bridge().api.export.run({
      ...(stagedFileId ? { stagedFileIds: [stagedFileId] } : { localIds: targets! }),
      folderId,
      options,
      ...(format !== 'glb' ? { format } : {}),
      ...(fixes.length ? { fixes } : {}),
      ...(skyboxFormat === 'cubemap' ? { skyboxFaces: true } : {}),
    });
    setBusy(false);
    if (result.ok) setReport(result.value);
    else setError(result.problem.message);
  };
  const count = targets?.length ?? (local ? 1 : 0);
  const jobsById = useStore((s) => s.jobsById);
  const targetJobs = (targets ?? []).map((id) => jobsById[id]).filter((j) => j !== undefined);
  const saveAs = () => downloadAssets(targetJobs.map((j) => ({ url: bridge().assetUrl(j.localId, 'asset'), name: saveAsName(j) })));
  const title = local ? `Export ${local.name}` : count > 1 ? `Export ${count} assets` : 'Export asset';
  const folder = folders.find((f) => f.id === folderId);
  const hasSkybox = targetJobs.some((j) => ENDPOINTS[j.kind]?.produces === 'skybox');

  return (
    <Dialog open={open} title={title} onClose={close} className="export-dialog">
      {folders.length === 0 ? (
        <div className="export-no-folder">
          {local ? (
            // A dropped file is already on this computer: what export adds is the folder's budget and fixes.
            <p>No project folder yet. {local.name} is exported into a project folder, checked against its budget and fixed there: add your game project's folder first.</p>
          ) : (
            <p>No project folder yet. Save the file anywhere you like, or add your game project's folder so exports land where the engine looks.</p>
          )}
          <div className="settings-actions">
            {local ? null : (
              <Button variant="primary" onClick={saveAs} disabled={targetJobs.length === 0}>
                Save as…
              </Button>
            )}
            <Button size="small" variant={local ? 'primary' : undefined} onClick={() => openSettings('folders')}>
              Add a project folder in Settings
            </Button>
          </div>
        </div>
      ) : (
        <form
          /* The options are checked here and in main; the browser's step rules would block valid scales like 1.25. */
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void run();
          }}
        >
          <Select label="Project folder" value={folderId} options={folders.map((f) => ({ value: f.id, label: `${f.name} (${f.engine})` }))} onChange={setFolderId} />
          {folder ? (
            <p className="settings-muted">
              Into {folder.subfolder ? `${folder.name}/${folder.subfolder}` : folder.name}. {folder.note ?? ''}
            </p>
          ) : null}
          <ExportOptionsFields
            value={options}
            modelOptions={modelOptionsApply(targetJobs.map((j) => j.kind))}
            source={stagedFileId ? 'local-file' : 'generated'}
            onChange={(patch) => setOptions((o) => ({ ...o, ...patch }))}
          />
          {isModel || (targets?.length ?? 0) > 1 ? (
            <Select
              label="Format"
              value={format}
              options={[...NODE_FORMATS, ...(single && isModel ? (['usdz'] as const) : [])].map((f) => ({ value: f, label: EXPORT_FORMATS[f].label }))}
              onChange={(v) => setFormat(v as ModelFormat)}
              help={EXPORT_FORMATS[format].hint}
            />
          ) : null}
          {hasSkybox ? <SkyboxFormatField value={skyboxFormat} engine={folder?.engine} onChange={setSkyboxFormat} /> : null}
          {readiness && !report ? (
            <section aria-label="Readiness check" className="export-readiness">
              <p className="settings-muted">
                Checked against the {readiness.budget.target} budget of {folder?.name ?? 'this folder'}. Fixes change only the exported copy.
              </p>
              <ReadinessList lines={readiness.check} chosen={fixes} onToggleFix={toggleFix} label="Readiness before export" />
            </section>
          ) : null}
          <div className="settings-actions">
            <Button type="submit" variant="primary" disabled={busy || !folderId}>
              {format === 'usdz' ? (busy ? 'Making the USDZ…' : 'Save USDZ…') : busy ? 'Exporting…' : 'Export'}
            </Button>
            <Button onClick={close}>Close</Button>
          </div>
        </form>
      )}
      {error ? <p role="alert" className="settings-error">{error}</p> : null}
      {madeInWindow ? <p role="status">{madeInWindow}</p> : null}
      {report ? (
        <ul className="export-report" aria-label="Export results">
          {report.items.map((item) => (
            <li key={item.localId} className={item.ok ? 'export-ok' : 'export-failed'}>
              {item.ok ? (
                <>
                  {item.replacedInPlace ? 'Replaced in place: ' : 'Exported: '}
                  <code>{item.relativePath}</code>
                  {item.sidecarPath ? ' (with sidecar)' : ''}
                  {item.files && item.files.length > (item.sidecarPath ? 2 : 1) ? ` and ${item.files.length - (item.sidecarPath ? 2 : 1)} more files beside it` : ''}
                  {item.check ? <ReadinessList lines={item.check} {...(item.checkBefore ? { before: item.checkBefore } : {})} label="Readiness of the exported copy" /> : null}
                  {bridge().shell === 'electron' ? (
                    <Button size="small" variant="ghost" onClick={() => void bridge().api.export.reveal({ localId: item.localId })}>
                      Reveal in folder
                    </Button>
                  ) : null}
                </>
              ) : (
                <span role="alert">{item.message}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}
