/** One asset in the results: a thumbnail cell in the grid, a row in the list. */
import { memo, useState } from 'react';
import type { LibraryAssetSummary } from '../../../../shared/domain/library';
import { bridge } from '../../bridge';
import { thumbnailSrc } from '../../domain/library/open';
import { dayWords, MEDIA_KIND_WORDS, originWords } from '../../domain/library/words';

const KIND_ICONS = { model: '◆', image: '▣', skybox: '◯', video: '▶' } as const;

function Thumb({ asset }: { asset: LibraryAssetSummary }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = thumbnailSrc(asset, bridge().assetUrl);
  if (src && failed !== src) return <img className="lib-thumb" src={src} alt="" loading="lazy" draggable={false} onError={() => setFailed(src)} />;
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
          <span className="lib-badge" title={`Exported ${asset.exportCount} ${asset.exportCount === 1 ? 'time' : 'times'}`}>
            ⇪{asset.exportCount}
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
