/**
 * One asset's details: its lineage as a chain (sources → it → what was made
 * from it → its exports), each export with Re-export and Reveal, then tags,
 * collections, a note, favourite and delete.
 */
import type { LibraryAssetDetail, LibraryAssetSummary, LibraryExport } from '../../../../shared/domain/library';
import { lineageSteps, takeWords } from '../../domain/library/lineage';
import { bytesWords, dayWords, fixesWords, MEDIA_KIND_WORDS, momentWords, originWords, promptLine } from '../../domain/library/words';
import { useStore } from '../../state/store';
import { DeleteAssets } from './DeleteAssets';
import { DetailCollections, DetailNote, DetailTags } from './DetailTags';
import { openAsset } from './use-open-asset';

function Lineage({ detail, onPick }: { detail: LibraryAssetDetail; onPick(a: LibraryAssetSummary): void }) {
  const steps = lineageSteps(detail);
  return (
    <section className="lib-section" aria-label="Lineage">
      <h4>Lineage</h4>
      <ol className="lib-lineage">
        {steps.map((step) => (
          <li key={step.asset.id} className={`lib-step${step.current ? ' lib-step-current' : ''}`} data-asset-id={step.asset.id}>
            {step.madeBy ? <span className="lib-step-how">→ {step.madeBy}</span> : null}
            {step.current ? (
              <span className="lib-step-name" aria-current="true">
                {MEDIA_KIND_WORDS[step.asset.mediaKind].one}: {step.asset.title}
              </span>
            ) : (
              <button type="button" className="lib-step-name lib-link" onClick={() => onPick(step.asset)}>
                {MEDIA_KIND_WORDS[step.asset.mediaKind].one}: {step.asset.title}
              </button>
            )}
          </li>
        ))}
        {detail.exports.map((ex) => (
          <li key={ex.id} className="lib-step lib-step-export">
            <span className="lib-step-how">→ Export</span>
            <span className="lib-step-name">
              {ex.format.toUpperCase()} to {folderName(ex)}
            </span>
          </li>
        ))}
      </ol>
      {takeWords(detail) ? <p className="lib-take">{takeWords(detail)}</p> : null}
    </section>
  );
}

const folderName = (ex: LibraryExport) => ex.folderPath.split(/[\\/]/).filter(Boolean).pop() ?? ex.folderPath;

function Exports({ detail }: { detail: LibraryAssetDetail }) {
  const reExport = useStore((s) => s.reExport);
  const reveal = useStore((s) => s.revealExport);
  return (
    <section className="lib-section" aria-label="Exports">
      <h4>Exports</h4>
      {detail.exports.length === 0 ? <p className="lib-none">Not exported yet.</p> : null}
      <ul className="lib-exports">
        {detail.exports.map((ex) => (
          <li key={ex.id} className="lib-export">
            <div className="lib-export-what">
              <strong>{folderName(ex)}</strong> · {ex.format.toUpperCase()}
              {ex.fixes.length ? ` · fixed: ${fixesWords(ex.fixes)}` : ''}
            </div>
            <div className="lib-export-where" title={ex.folderPath}>
              {momentWords(ex.at)} · {ex.files[0] ?? ex.folderPath}
              {ex.files.length > 1 ? ` and ${ex.files.length - 1} more` : ''}
            </div>
            <div className="lib-export-actions">
              <button type="button" className="btn btn-small" onClick={() => void reExport(ex.id)}>
                Re-export
              </button>
              <button type="button" className="btn btn-small" onClick={() => void reveal(ex.id)}>
                Reveal
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AssetDetail({ onBack }: { onBack(): void }) {
  const detail = useStore((s) => s.libraryDetail);
  const error = useStore((s) => s.libraryDetailError);
  const show = useStore((s) => s.showLibraryDetail);
  const setFavourite = useStore((s) => s.setAssetFavourite);
  if (error) {
    return (
      <div className="lib-detail" role="region" aria-label="Asset details">
        <button type="button" className="btn btn-small" onClick={onBack}>
          ← Results
        </button>
        <p className="history-error" role="alert">
          {error}
        </p>
      </div>
    );
  }
  if (!detail) return <div className="lib-detail" role="region" aria-label="Asset details" aria-busy="true" />;
  const facts = [
    MEDIA_KIND_WORDS[detail.mediaKind].one,
    originWords(detail),
    dayWords(detail.createdAt),
    detail.environmentName,
    detail.bytes !== undefined ? bytesWords(detail.bytes) : null,
  ].filter(Boolean);
  return (
    <div className="lib-detail" role="region" aria-label="Asset details" data-asset-id={detail.id}>
      <div className="lib-detail-bar">
        <button type="button" className="btn btn-small" onClick={onBack}>
          ← Results
        </button>
        <button type="button" className="btn btn-small btn-primary" onClick={() => openAsset(detail)}>
          Open
        </button>
        <button type="button" className={`lib-fav${detail.favourite ? ' lib-fav-on' : ''}`} aria-pressed={detail.favourite} aria-label="Favourite" onClick={() => void setFavourite(detail, !detail.favourite)}>
          {detail.favourite ? '★' : '☆'}
        </button>
      </div>
      <h3 className="lib-detail-title">{detail.title}</h3>
      <p className="lib-facts">{facts.join(' · ')}</p>
      {detail.hidden ? <p className="lib-facts">Removed from the history; kept in the library.</p> : null}
      {promptLine(detail) ? <p className="lib-prompt">{promptLine(detail)}</p> : null}
      {detail.fileName ? <p className="lib-facts">File: {detail.fileName}</p> : null}
      <Lineage detail={detail} onPick={(a) => show(a.id)} />
      <Exports detail={detail} />
      <DetailTags asset={detail} />
      <DetailCollections asset={detail} />
      <DetailNote asset={detail} />
      <div className="lib-section">
        <DeleteAssets assets={[detail]} onDeleted={onBack} />
      </div>
    </div>
  );
}
