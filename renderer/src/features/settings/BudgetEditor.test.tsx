/**
 * The budget editor in Settings against a fake host: it shows the folder's
 * budget as an artist reads it, saves edited figures through
 * `export:setBudget`, refuses what main would refuse before sending, starts
 * again from a target's preset, and shows main's answer when it refuses.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { presetBudget, type Budget } from '../../../../shared/domain/readiness';
import type { ProjectFolderView, Result } from '../../../../shared/ipc';
import { BudgetEditor } from './BudgetEditor';
import { installHostApi } from './test-support';

const mobile = presetBudget('unity', 'mobile');
const folder: ProjectFolderView = { id: 'folder-1', path: '/home/me/Game', name: 'Game', engine: 'unity', proposedSubfolder: 'Assets', subfolder: 'Assets', available: true, budget: mobile, compression: 'draco' };

function install(answer: Result<unknown> = { ok: true, value: folder }) {
  const setBudget = vi.fn(() => Promise.resolve(answer));
  installHostApi({ export: { setBudget } });
  return setBudget;
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save budget' })));

describe('budget editor', () => {
  it('shows the budget and saves the edited figures, file size in MB', async () => {
    const setBudget = install();
    render(<BudgetEditor folder={folder} budget={mobile} />);
    expect(field('Triangles').value).toBe('50000');
    expect(field('Largest texture (px)').value).toBe('1024');
    expect(field('File size (MB)').value).toBe('10');
    expect((screen.getByLabelText('Target for Game') as HTMLSelectElement).value).toBe('mobile');
    type('Triangles', '20000');
    type('Largest texture (px)', '512');
    type('File size (MB)', '4');
    fireEvent.click(screen.getByLabelText('Must stand on its base at the origin'));
    await save();
    expect(setBudget).toHaveBeenCalledWith({
      folderId: 'folder-1',
      budget: { triangles: 20_000, maxTextureSize: 512, materials: 4, fileBytes: 4 * 1024 * 1024, minHeightM: 0.05, maxHeightM: 10, standOnBase: false },
    });
    expect(screen.getByRole('status').textContent).toBe('Budget saved.');
  });

  it('says what is wrong per field and sends nothing', async () => {
    const setBudget = install();
    render(<BudgetEditor folder={folder} budget={mobile} />);
    type('Lowest height (m)', '12');
    type('Materials (draw calls)', '');
    await save();
    expect(setBudget).not.toHaveBeenCalled();
    expect(screen.getByText('The highest height must be above the lowest.')).toBeTruthy();
    expect(screen.getByText('Materials (draw calls): type a number.')).toBeTruthy();
  });

  it('starts again from a target preset, and shows main refusing in its words', async () => {
    const setBudget = install({ ok: false, problem: { reason: 'not-found', message: 'That project folder is not in the list.' } });
    render(<BudgetEditor folder={folder} budget={mobile} />);
    await act(async () => fireEvent.change(screen.getByLabelText('Target for Game'), { target: { value: 'web' } }));
    expect(setBudget).toHaveBeenCalledWith({ folderId: 'folder-1', target: 'web' });
    expect(screen.getByRole('alert').textContent).toBe('That project folder is not in the list.');
  });

  it('shows the new figures when the folder budget changes in main', () => {
    install();
    const { rerender } = render(<BudgetEditor folder={folder} budget={mobile} />);
    type('Triangles', '123');
    const desktop: Budget = presetBudget('unity', 'desktop');
    rerender(<BudgetEditor folder={{ ...folder, budget: desktop }} budget={desktop} />);
    expect(field('Triangles').value).toBe('300000');
    expect(field('Largest texture (px)').value).toBe('4096');
  });
});
