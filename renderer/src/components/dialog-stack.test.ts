import { describe, expect, it } from 'vitest';
import { pushDialog, topDialog } from './dialog-stack';

describe('dialog stack: Escape closes the dialog opened last', () => {
  it('follows the order of opening and closing, whatever order they close in', () => {
    const closed: string[] = [];
    const open = (id: string) => pushDialog({ id, close: () => closed.push(id) });
    expect(topDialog()).toBeUndefined();
    const removeExport = open('export');
    const removeSettings = open('settings');
    expect(topDialog()?.id).toBe('settings');
    topDialog()?.close();
    expect(closed).toEqual(['settings']);
    removeSettings();
    expect(topDialog()?.id).toBe('export');
    // A dialog under another one closed by its own button leaves the top alone.
    const removeConfirm = open('confirm');
    removeExport();
    expect(topDialog()?.id).toBe('confirm');
    removeConfirm();
    removeConfirm(); // a second removal (React cleanup twice) changes nothing
    expect(topDialog()).toBeUndefined();
  });
});
