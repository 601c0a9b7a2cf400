/**
 * A job's thumbnail from the host, with a lettered placeholder when there is
 * none (yet). Only asked for when the record says the cache holds one, so no
 * request ends in a 404.
 */
import { useState } from 'react';
import { bridge } from '../../bridge';

function thumbnailUrl(localId: string): string | undefined {
  try {
    return bridge().assetUrl(localId, 'thumbnail');
  } catch {
    return undefined;
  }
}

export function Thumbnail({ localId, label, src, available = false }: { localId?: string; label: string; src?: string; available?: boolean }) {
  const [failed, setFailed] = useState(false);
  const url = src ?? (localId && available ? thumbnailUrl(localId) : undefined);
  if (!url || failed) {
    return (
      <span className="thumb thumb-empty" aria-hidden="true">
        {label.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return <img className="thumb" src={url} alt="" loading="lazy" onError={() => setFailed(true)} />;
}
