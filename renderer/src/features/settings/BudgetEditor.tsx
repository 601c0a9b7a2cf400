/**
 * A project folder's budget in Settings: the target (mobile, desktop, web)
 * starts the budget again from the engine's preset; the figures are edited
 * and saved through `export:setBudget` (main validates them again). Errors
 * are said per field before anything is sent.
 */
import { useEffect, useState } from 'react';
import { BUDGET_TARGETS, type Budget, type BudgetTarget } from '../../../../shared/domain/readiness';
import type { ProjectFolderView } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import { Button } from '../../components/Button';
import { NumberField } from '../../components/NumberField';
import { Select } from '../../components/Select';
import { Toggle } from '../../components/Toggle';
import { BUDGET_LABELS, budgetToText, parseBudgetText, type BudgetField, type BudgetText } from './budget-form';
import { problemOf } from './messages';

const TARGET_LABELS: Record<BudgetTarget, string> = { mobile: 'Mobile', desktop: 'Desktop', web: 'Web' };
const FIELDS: BudgetField[] = ['triangles', 'maxTextureSize', 'materials', 'fileMb', 'minHeightM', 'maxHeightM'];

export function BudgetEditor({ folder, budget }: { folder: ProjectFolderView; budget: Budget }) {
  const [text, setText] = useState<BudgetText>(() => budgetToText(budget));
  const [standOnBase, setStandOnBase] = useState(budget.standOnBase);
  const [errors, setErrors] = useState<Partial<Record<BudgetField, string>>>({});
  const [message, setMessage] = useState<{ error: boolean; text: string }>();
  const budgetKey = JSON.stringify(budget);
  // The folder's budget changed in main (a preset chosen, saved elsewhere): show it.
  useEffect(() => {
    const current = JSON.parse(budgetKey) as Budget;
    setText(budgetToText(current));
    setStandOnBase(current.standOnBase);
    setErrors({});
  }, [budgetKey]);

  const answer = (problem: string | undefined, done: string) => setMessage(problem ? { error: true, text: problem } : { error: false, text: done });
  const save = async () => {
    const parsed = parseBudgetText(text);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setMessage(undefined);
      return;
    }
    setErrors({});
    answer(problemOf(await bridge().api.export.setBudget({ folderId: folder.id, budget: { ...parsed.budget, standOnBase } })), 'Budget saved.');
  };

  return (
    <fieldset className="settings-budget" aria-label={`Budget for ${folder.name}`}>
      <legend>Budget</legend>
      <Select
        label={`Target for ${folder.name}`}
        value={budget.target}
        options={BUDGET_TARGETS.map((t) => ({ value: t, label: TARGET_LABELS[t] }))}
        onChange={async (target) =>
          answer(problemOf(await bridge().api.export.setBudget({ folderId: folder.id, target: target as BudgetTarget })), `${TARGET_LABELS[target as BudgetTarget]} preset for this engine.`)
        }
        help="Choosing a target starts the budget again from its preset for this folder's engine."
      />
      <form
        className="settings-budget-grid"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {FIELDS.map((field) => (
          <NumberField
            key={field}
            label={BUDGET_LABELS[field]}
            value={text[field]}
            step={field === 'fileMb' || field.endsWith('HeightM') ? 0.01 : 1}
            onChange={(v) => setText((t) => ({ ...t, [field]: v }))}
            {...(errors[field] ? { error: errors[field] } : {})}
          />
        ))}
        <Toggle label="Must stand on its base at the origin" checked={standOnBase} onChange={setStandOnBase} />
        <Button size="small" type="submit">
          Save budget
        </Button>
      </form>
      {message ? (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'settings-error' : 'settings-muted'}>
          {message.text}
        </p>
      ) : null}
    </fieldset>
  );
}
