/**
 * Money in the top bar, for the active key: the balance as an estimate (the
 * last known figure, from a 402 answer or typed in Settings, less what was
 * spent since) and the estimated spend of the last days. Each opens
 * Settings → Credits, where the figure is typed and the period chosen. The
 * figures come from main, which holds the whole ledger (jobs removed from the
 * history were paid too); they are asked again when the jobs, the settings or
 * the period change, and the age is kept current.
 */
import { useEffect, useState } from 'react';
import type { MoneyGlance } from '../../../../shared/domain/money';
import { bridge } from '../../bridge';
import { useStore } from '../../state/store';
import { balanceLine, spendLine, type MoneyLine } from '../../domain/money-labels';

function useMoneyGlance(): { glance: MoneyGlance | null | undefined; now: number } {
  const jobsVersion = useStore((s) => s.jobsVersion);
  const periodDays = useStore((s) => s.spendPeriodDays);
  // The figures depend on the active key, its last known balance and its rate card: any settings change asks again.
  const settings = useStore((s) => s.settings);
  const [glance, setGlance] = useState<MoneyGlance | null>();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  useEffect(() => {
    let live = true;
    let api;
    try {
      api = bridge().api.settings;
    } catch {
      return undefined;
    }
    void api
      .moneyGlance({ periodDays })
      .then((r) => {
        if (live && r.ok) setGlance(r.value);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [jobsVersion, periodDays, settings]);
  return { glance, now };
}

function MoneyButton({ line, kind }: { line: MoneyLine; kind: 'balance' | 'spend' }) {
  const openSettings = useStore((s) => s.openSettings);
  return (
    <button type="button" className={`money-button money-${kind}`} data-money={kind} title={line.title} onClick={() => openSettings('credits')}>
      <span className="money-main">{line.main}</span>
      <span className="money-detail">{line.detail}</span>
    </button>
  );
}

export function BalanceBadge() {
  const { glance, now } = useMoneyGlance();
  return (
    <div className="money" role="group" aria-label="Credits">
      <MoneyButton kind="balance" line={balanceLine(glance, now)} />
      {glance ? <MoneyButton kind="spend" line={spendLine(glance.period, glance.priced)} /> : null}
    </div>
  );
}
