/**
 * Delete, after a Radix AlertDialog that says what goes (the cached files,
 * tags, notes, places in collections) and what stays (exports in project
 * folders). The freed space is said in a toast once main has deleted.
 */
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import type { LibraryAssetSummary } from '../../../../shared/domain/library';
import { deleteWords } from '../../domain/library/words';
import { useStore } from '../../state/store';

export function DeleteAssets({ assets, label = 'Delete…', onDeleted }: { assets: LibraryAssetSummary[]; label?: string; onDeleted?(): void }) {
  const deleteAssets = useStore((s) => s.deleteAssets);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const words = deleteWords(assets);
  const run = async () => {
    setBusy(true);
    const ok = await deleteAssets(assets.map((a) => a.id));
    setBusy(false);
    setOpen(false);
    if (ok) onDeleted?.();
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <button type="button" className="btn btn-small lib-delete" disabled={assets.length === 0}>
          {label}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog lib-confirm">
          <header className="dialog-head">
            <AlertDialog.Title className="dialog-title">{words.title}</AlertDialog.Title>
          </header>
          <AlertDialog.Description className="dialog-body">{words.body}</AlertDialog.Description>
          <footer className="dialog-foot">
            <AlertDialog.Cancel asChild>
              <button type="button" className="btn">
                Keep
              </button>
            </AlertDialog.Cancel>
            <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void run()}>
              {busy ? 'Deleting…' : 'Delete'}
            </button>
          </footer>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
