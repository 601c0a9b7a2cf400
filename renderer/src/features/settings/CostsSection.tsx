/**
 * Settings → Credits: each environment's rate card (the built-in sandbox's
 * handed over, a real one typed by the user from their dashboard), and an
 * estimate of what each key has spent per day, worked out in main from the
 * whole job history with those cards. The service publishes no prices and
 * reports no spend, so every figure here is labelled an estimate.
 */
import { useEffect, useState } from 'react';
import type { KeySpend } from '../../../../shared/domain/spend';
import type { EnvironmentView, SettingsSnapshot } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import { Button } from '../../components/Button';
import { NumberField } from '../../components/NumberField';
import { useStore } from '../../state/store';
import { BalanceForm } from './BalanceForm';
import { problemOf } from './messages';
import { draftOf, kindLabel, parseDraft, PRICED_KINDS, spendLabel, type RateCardDraft } from './rate-card-form';

/** Days of spend shown per key; older days are summed into the key's total. */
const DAYS_SHOWN = 14;

export function CostsSection({ snapshot }: { snapshot: SettingsSnapshot }) {
  return (
    <section className="settings-section" aria-labelledby="settings-credits">
      <h3 id="settings-credits">Credits</h3>
      <p className="settings-muted">
        The service publishes no prices. With a rate card (the prices your dashboard shows) the Generate button quotes each request and the spend below is estimated. The balance is learnt
        from the service's "insufficient credits" answers, or typed below.
      </p>
      <BalanceForm snapshot={snapshot} />
      <ul className="settings-list">
        {snapshot.environments.map((env) => (
          <RateCardItem key={env.id} env={env} />
        ))}
      </ul>
      <SpendEstimate />
    </section>
  );
}

function RateCardItem({ env }: { env: EnvironmentView }) {
  const [editing, setEditing] = useState(false);
  const card = env.rateCard;
  const priced = card ? PRICED_KINDS.filter((k) => card.perKind[k] !== undefined) : [];
  return (
    <li className="settings-env" aria-label={`Prices: ${env.name}`}>
      <div className="settings-env-head">
        <strong>{env.name}</strong>
        <span className="settings-muted">
          {card ? `${priced.length} prices${env.source === 'builtin' ? ', handed over by the built-in sandbox' : ''}` : 'No rate card'}
        </span>
      </div>
      {card && !editing ? (
        <p className="settings-note" data-rate-card="">
          {priced
            .slice(0, 4)
            .map((k) => `${kindLabel(k)} ${card.perKind[k]}`)
            .join(' · ')}
          {priced.length > 4 ? ` · and ${priced.length - 4} more` : ''} credits; quad topology +{card.quads}, high poly +{card.highFaceCount}
        </p>
      ) : null}
      {env.source === 'user' ? (
        editing ? (
          <RateCardForm env={env} onDone={() => setEditing(false)} />
        ) : (
          <div className="settings-actions">
            <Button size="small" onClick={() => setEditing(true)}>
              {card ? 'Edit prices' : 'Enter prices'}
            </Button>
          </div>
        )
      ) : !card ? (
        <p className="settings-muted">Prices can be typed for an environment added in Settings.</p>
      ) : null}
    </li>
  );
}

function RateCardForm({ env, onDone }: { env: EnvironmentView; onDone(): void }) {
  const [draft, setDraft] = useState<RateCardDraft>(() => draftOf(env.rateCard));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const set = (field: string) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    // A field's error goes as soon as the field changes.
    setErrors(({ [field]: _gone, form: _form, ...rest }) => rest);
  };
  const save = async () => {
    const parsed = parseDraft(draft);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    const result = await bridge().api.settings.setRateCard({ environmentId: env.id, rateCard: parsed.card });
    setProblem(problemOf(result));
    if (result.ok) onDone();
  };
  const forget = async () => {
    const result = await bridge().api.settings.setRateCard({ environmentId: env.id, rateCard: null });
    setProblem(problemOf(result));
    if (result.ok) onDone();
  };
  return (
    <form
      className="settings-form rate-card-form"
      aria-label={`Prices for ${env.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="settings-muted">Credits per request, as your dashboard lists them. Leave a kind blank if you do not know its price.</p>
      <div className="rate-card-grid">
        {PRICED_KINDS.map((k) => (
          <NumberField key={k} label={kindLabel(k)} value={draft[k] ?? ''} onChange={set(k)} min={0} error={errors[k]} />
        ))}
        <NumberField label="Quad topology adds" value={draft.quads ?? ''} onChange={set('quads')} min={0} error={errors.quads} />
        <NumberField label="High poly adds" value={draft.highFaceCount ?? ''} onChange={set('highFaceCount')} min={0} error={errors.highFaceCount} />
      </div>
      {errors.form ? <p className="settings-error">{errors.form}</p> : null}
      {problem ? <p className="settings-error">{problem}</p> : null}
      <div className="settings-actions">
        <Button type="submit" variant="primary" size="small">
          Save prices
        </Button>
        {env.rateCard ? (
          <Button size="small" onClick={() => void forget()}>
            Forget prices
          </Button>
        ) : null}
        <Button size="small" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function SpendEstimate() {
  const jobsVersion = useStore((s) => s.jobsVersion);
  const cards = useStore((s) => s.settings?.environments.map((e) => JSON.stringify(e.rateCard ?? null)).join('|'));
  const [spend, setSpend] = useState<KeySpend[]>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let live = true;
    void bridge()
      .api.settings.estimateSpend({ utcOffsetMinutes: -new Date().getTimezoneOffset() })
      .then((r) => {
        if (!live) return;
        if (r.ok) setSpend(r.value);
        setProblem(problemOf(r));
      });
    return () => {
      live = false;
    };
  }, [jobsVersion, cards]);
  return (
    <div className="spend-estimate" aria-labelledby="settings-spend">
      <h4 id="settings-spend">Estimated spend per key</h4>
      <p className="settings-muted">An estimate: each environment's rate card applied to the jobs the service accepted, day by day. The service itself reports no spend.</p>
      {problem ? <p className="settings-error">{problem}</p> : null}
      {spend && spend.length === 0 ? <p className="settings-muted">No paid jobs yet.</p> : null}
      {spend?.map((k) => (
        <table key={`${k.environmentId}/${k.keyId}`} className="spend-table" data-key-id={k.keyId}>
          <caption>
            {k.keyName} <span className="settings-muted">({k.environmentName})</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Jobs</th>
              <th scope="col">Estimated credits</th>
            </tr>
          </thead>
          <tbody>
            {k.days.slice(0, DAYS_SHOWN).map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td>{d.jobs}</td>
                <td>{spendLabel(d, k.priced)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">All days</th>
              <td>{k.total.jobs}</td>
              <td>{spendLabel(k.total, k.priced)}</td>
            </tr>
          </tfoot>
        </table>
      ))}
    </div>
  );
}
