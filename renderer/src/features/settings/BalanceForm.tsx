/**
 * Settings → Credits, the top bar's two figures: the active key's balance as
 * its dashboard shows it (typed here, it is the last known figure until a
 * newer one), and how many days of spend the top bar sums.
 */
import { useState } from 'react';
import type { SettingsSnapshot } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import { Button } from '../../components/Button';
import { NumberField } from '../../components/NumberField';
import { Select } from '../../components/Select';
import { SPEND_PERIODS } from '../../state/slices/ui';
import { useStore } from '../../state/store';
import { problemOf } from './messages';

/** A typed balance as credits, or what is wrong with it in plain words. */
export function parseBalance(text: string): { ok: true; credits: number } | { ok: false; error: string } {
  const t = text.trim().replace(/[,\s]/g, '');
  if (t === '') return { ok: false, error: 'Type the balance your dashboard shows, like 1200.' };
  if (!/^\d+$/.test(t)) return { ok: false, error: 'A whole number of credits, like 1200.' };
  const credits = Number(t);
  if (credits > 1_000_000_000) return { ok: false, error: 'At most 1,000,000,000 credits.' };
  return { ok: true, credits };
}

export function BalanceForm({ snapshot }: { snapshot: SettingsSnapshot }) {
  const active = snapshot.active;
  const env = snapshot.environments.find((e) => e.id === active?.environmentId);
  const keyName = env?.keys.find((k) => k.id === active?.keyId)?.name;
  const periodDays = useStore((s) => s.spendPeriodDays);
  const setPeriod = useStore((s) => s.setSpendPeriodDays);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const save = async () => {
    if (!active) return;
    const parsed = parseBalance(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    const result = await bridge().api.settings.setBalance({ ...active, available: parsed.credits });
    setError(problemOf(result));
    setSaved(result.ok);
    if (result.ok) setText('');
  };
  return (
    <div className="money-settings" aria-labelledby="settings-top-bar-money">
      <h4 id="settings-top-bar-money">In the top bar</h4>
      {active && keyName ? (
        <form
          className="settings-form balance-form"
          aria-label="Balance"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <NumberField
            label={`Balance of ${keyName} (${env!.name}), as your dashboard shows it`}
            value={text}
            onChange={(v) => {
              setText(v);
              setError(undefined);
              setSaved(false);
            }}
            min={0}
            error={error}
            help="The top bar shows it less the estimated spend of the jobs sent after it, until a newer figure (typed here, or from a refused request) replaces it."
          />
          <div className="settings-actions">
            <Button type="submit" variant="primary" size="small">
              Save balance
            </Button>
            {saved ? <span className="settings-muted">Saved: the top bar counts from it.</span> : null}
          </div>
        </form>
      ) : (
        <p className="settings-muted">Choose a key in the top bar to type its balance.</p>
      )}
      <Select
        label="Spend shown in the top bar"
        value={String(periodDays)}
        options={SPEND_PERIODS.map((d) => ({ value: String(d), label: d === 1 ? 'Last 24 hours' : `Last ${d} days` }))}
        onChange={(v) => setPeriod(Number(v))}
      />
    </div>
  );
}
