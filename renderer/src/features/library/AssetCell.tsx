/** One asset in the results: a thumbnail cell in the grid, a row in the list. */
import { memo, useEffect, useState } from 'react';
import type { LibraryAssetSummary } from '../../../../shared/domain/library';
import { bridge } from '../../bridge';
import { thumbnailSrc } from '../../domain/library/open';
import { useStore } from '../../state/store';
import { dayWords, exportedWords, MEDIA_KIND_WORDS, originWords } from '../../domain/library/words';

const KIND_ICONS = { model: '◆', image: '▣', skybox: '◯', video: '▶' } as const;

/** A box with an arrow leaving it: sent out to a project folder. */
function ExportedIcon() {
  return (
    <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M8.5 3H4a1.5 1.5 0 0 0-1.5 1.5v7.5A1.5 1.5 0 0 0 4 13.5h7.5A1.5 1.5 0 0 0 13 12V7.5" />
      <path d="M7.5 8.5 14 2M10 2h4v4" />
    </svg>
  );
}

function Thumb({ asset }: { asset: LibraryAssetSummary }) {
  const [failed, setFailed] = useState<string | null>(null);
  // A cell that appears while the artist types fetches its picture once typing pauses; one that has it keeps it.
  const typing = useStore((s) => s.libraryTyping);
  const [fetchPicture, setFetchPicture] = useState(!typing);
  useEffect(() => {
    if (!typing) setFetchPicture(true);
  }, [typing]);
  const src = thumbnailSrc(asset, bridge().assetUrl);
  if (src && failed !== src && fetchPicture) return <img className="lib-thumb" src={src} alt="" loading="lazy" draggable={false} onError={() => setFailed(src)} />;
  return (
    <span className="lib-thumb lib-thumb-icon" aria-hidden="true">
      {KIND_ICONS[asset.mediaKind]}
    </span>
  );
}

export interface AssetCellProps {
  asset: LibraryAssetSummary;
  index: number;
  layout: 'grid' | 'list';
  selected: boolean;
  opened: boolean;
  onOpen(asset: LibraryAssetSummary, e: React.MouseEvent | React.KeyboardEvent): void;
  onDetails(asset: LibraryAssetSummary): void;
  onFavourite(asset: LibraryAssetSummary): void;
}

export const AssetCell = memo(function AssetCell({ asset, index, layout, selected, opened, onOpen, onDetails, onFavourite }: AssetCellProps) {
  const kind = MEDIA_KIND_WORDS[asset.mediaKind].one;
  const meta = `${kind} · ${originWords(asset)} · ${dayWords(asset.createdAt)}`;
  return (
    <div
      className={`lib-cell lib-cell-${layout}${selected ? ' lib-cell-selected' : ''}${opened ? ' lib-cell-opened' : ''}`}
      role="listitem"
      data-asset-id={asset.id}
      aria-label={asset.title}
    >
      <button
        type="button"
        className="lib-open"
        data-index={index}
        aria-pressed={selected}
        title={`${asset.title}\n${meta}\nClick to open; Ctrl-click or Cmd-click to choose several`}
        onClick={(e) => onOpen(asset, e)}
      >
        <Thumb asset={asset} />
        <span className="lib-cell-text">
          <span className="lib-title">{asset.title}</span>
          <span className="lib-meta">{layout === 'grid' ? kind : meta}</span>
          {layout === 'list' && asset.tags.length ? <span className="lib-tags">{asset.tags.join(', ')}</span> : null}
        </span>
      </button>
      <span className="lib-badges">
        {asset.hidden ? (
          <span className="lib-badge" title="Removed from the history">
            Hidden
          </span>
        ) : null}
        {asset.exportCount > 0 ? (
          <span className="lib-badge lib-badge-export" role="img" aria-label={exportedWords(asset.exportCount)} title={exportedWords(asset.exportCount)}>
            <ExportedIcon />
            {asset.exportCount}
          </span>
        ) : null}
      </span>
      <button
        type="button"
        className={`lib-fav${asset.favourite ? ' lib-fav-on' : ''}`}
        aria-pressed={asset.favourite}
        aria-label={`Favourite: ${asset.title}`}
        onClick={() => onFavourite(asset)}
      >
        {asset.favourite ? '★' : '☆'}
      </button>
      <button type="button" className="lib-details-btn" aria-label={`Details of ${asset.title}`} onClick={() => onDetails(asset)}>
        i
      </button>
    </div>
  );
});
