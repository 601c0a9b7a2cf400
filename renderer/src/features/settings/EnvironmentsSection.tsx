/** Environments, their keys, "Test connection", and adding / editing / removing them. */
import { useState } from 'react';
import { isPlainHttpToRemote } from '../../../../shared/domain/url-safety';
import type { ConnectionTest, EnvironmentUpdate, EnvironmentView, KeyView, SettingsSnapshot } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { Toggle } from '../../components/Toggle';
import { KeyForm } from './KeyForm';
import { RemoveEnvironment } from './RemoveEnvironment';
import { formatDate, placeProblem, plainMessage, problemOf } from './messages';

const SOURCE_NOTE: Record<EnvironmentView['source'], string> = {
  builtin: 'Runs inside Asset Studio; its keys are its own.',
  user: '',
  environment: 'From ASSET_STUDIO_* environment variables (read-only here).',
  file: 'From keys.json in the data folder (read-only here).',
};
const STORAGE_NOTE: Record<KeyView['storage'], string> = {
  encrypted: 'secret encrypted',
  unprotected: 'secret stored unprotected',
  session: 'secret kept for this session',
  environment: 'secret from environment variables',
  file: 'secret from keys.json',
  builtin: 'built-in',
  none: 'no secret',
};

export function EnvironmentsSection({ snapshot }: { snapshot: SettingsSnapshot }) {
  const [adding, setAdding] = useState(false);
  return (
    <section className="settings-section" aria-labelledby="settings-environments">
      <h3 id="settings-environments">Environments</h3>
      <ul className="settings-list">
        {snapshot.environments.map((env) => (
          <EnvironmentItem key={env.id} env={env} snapshot={snapshot} />
        ))}
      </ul>
      {adding ? <EnvironmentForm onDone={() => setAdding(false)} /> : <Button onClick={() => setAdding(true)}>Add environment</Button>}
    </section>
  );
}

function EnvironmentItem({ env, snapshot }: { env: EnvironmentView; snapshot: SettingsSnapshot }) {
  const [addingKey, setAddingKey] = useState(false);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string>();
  /** Keys whose secrets the last edit forgot; each leaves the notice once its secret is typed again. */
  const [forgotten, setForgotten] = useState<readonly string[]>([]);
  const notice = forgottenNotice(stillForgotten(forgotten, env.keys));
  const editable = env.source === 'user';
  return (
    <li className="settings-env" aria-label={env.name}>
      <div className="settings-env-head">
        <strong>{env.name}</strong>
        <span className="settings-muted">{env.baseUrl}</span>
      </div>
      {SOURCE_NOTE[env.source] ? <p className="settings-muted">{SOURCE_NOTE[env.source]}</p> : null}
      {env.plainHttp ? (
        <p className="settings-note settings-warning" data-plain-http="">
          Plain http:// to another computer: client secrets and prompts cross the network unencrypted. Allowed for this environment only because you turned it on.
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="settings-note settings-warning">
          {notice}
        </p>
      ) : null}
      {editing ? (
        <EnvironmentForm
          env={env}
          onDone={(updated) => {
            setEditing(false);
            setForgotten(updated?.secretsForgotten ?? []);
          }}
        />
      ) : null}
      <ul className="settings-keys" aria-label={`Keys of ${env.name}`}>
        {env.keys.map((key) => (
          <KeyItem key={key.id} env={env} keyView={key} snapshot={snapshot} />
        ))}
      </ul>
      {error ? <p role="alert" className="settings-error">{error}</p> : null}
      {editable ? (
        <div className="settings-actions">
          {addingKey ? null : <Button size="small" onClick={() => setAddingKey(true)}>Add key</Button>}
          <Button size="small" onClick={() => setEditing((v) => !v)}>Edit environment</Button>
          <RemoveEnvironment env={env} onProblem={setError} />
        </div>
      ) : null}
      {addingKey ? <KeyForm environment={env} storage={snapshot.storage} onDone={() => setAddingKey(false)} /> : null}
    </li>
  );
}

function KeyItem({ env, keyView, snapshot }: { env: EnvironmentView; keyView: KeyView; snapshot: SettingsSnapshot }) {
  const [test, setTest] = useState<ConnectionTest>();
  const [testing, setTesting] = useState(false);
  const [error, setError] = useState<string>();
  const [newSecret, setNewSecret] = useState('');
  const active = snapshot.active?.environmentId === env.id && snapshot.active.keyId === keyView.id;
  const credits = snapshot.credits.find((c) => c.environmentId === env.id && c.keyId === keyView.id);
  const api = () => bridge().api.settings;
  const canEarlyAccess = env.source === 'user' || env.source === 'builtin';
  return (
    <li className="settings-key" aria-label={`Key ${keyView.name}`}>
      <div className="settings-key-head">
        <span>
          <strong>{keyView.name}</strong> <code>{keyView.clientIdMasked}</code> <span className="settings-muted">{STORAGE_NOTE[keyView.storage]}</span>
          {active ? <span className="settings-badge">active</span> : null}
        </span>
      </div>
      {canEarlyAccess ? (
        <Toggle
          label={`Early access for ${keyView.name}`}
          checked={keyView.earlyAccess}
          onChange={async (on) => setError(problemOf(await api().updateKey({ environmentId: env.id, keyId: keyView.id, earlyAccess: on })))}
        />
      ) : null}
      {credits ? (
        <p className="settings-credits">
          Last known balance: {credits.available} credits available
          {credits.source === 'typed' ? ` (typed in Settings ${formatDate(credits.at)})` : `, ${credits.required ?? '?'} required (reported ${formatDate(credits.at)})`}.
        </p>
      ) : null}
      <div className="settings-actions">
        {active ? null : (
          <Button size="small" onClick={async () => setError(problemOf(await api().setActive({ environmentId: env.id, keyId: keyView.id })))}>
            Use this key
          </Button>
        )}
        <Button
          size="small"
          disabled={testing}
          onClick={async () => {
            setTesting(true);
            setTest(undefined);
            const result = await api().testConnection({ environmentId: env.id, keyId: keyView.id });
            setTesting(false);
            if (result.ok) setTest(result.value);
            else setError(plainMessage(result.problem));
          }}
        >
          {testing ? 'Testing…' : 'Test connection'}
        </Button>
        {env.source === 'user' ? (
          <Button size="small" variant="danger" onClick={async () => setError(problemOf(await api().revokeKey({ environmentId: env.id, keyId: keyView.id })))}>
            Revoke key
          </Button>
        ) : null}
      </div>
      {env.source === 'user' && !keyView.hasSecret ? (
        <form
          className="settings-inline"
          onSubmit={async (e) => {
            e.preventDefault();
            const storage = snapshot.storage.protectedStorageAvailable ? 'encrypted' : 'session';
            const problem = problemOf(await api().updateKey({ environmentId: env.id, keyId: keyView.id, clientSecret: newSecret, storage }));
            setNewSecret('');
            setError(problem);
          }}
        >
          <label className="field-label" htmlFor={`new-secret-${keyView.id}`}>
            Client secret for {keyView.name}
          </label>
          <input id={`new-secret-${keyView.id}`} className="input" type="password" autoComplete="off" value={newSecret} onChange={(e) => setNewSecret(e.target.value)} />
          <Button size="small" type="submit" disabled={newSecret === ''}>
            Save secret
          </Button>
          <span className="settings-muted">
            {snapshot.storage.protectedStorageAvailable ? 'Stored encrypted by the operating system.' : 'Kept for this session only (this system cannot encrypt it).'}
          </span>
        </form>
      ) : null}
      {test ? (
        <p role="status" className={`settings-test settings-test-${test.outcome}`}>
          {test.message}
        </p>
      ) : null}
      {error ? <p role="alert" className="settings-error">{error}</p> : null}
    </li>
  );
}

/** The keys among `names` that still have no secret (one typed again, or a key revoked, leaves the list). */
export function stillForgotten(names: readonly string[], keys: readonly Pick<KeyView, 'name' | 'hasSecret'>[]): string[] {
  return names.filter((name) => keys.some((k) => k.name === name && !k.hasSecret));
}

/** Plain words for the keys whose secrets were forgotten when the environment moved to another origin. */
export function forgottenNotice(names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  const list = names.map((n) => `"${n}"`).join(', ');
  return `This environment now points to another address, so the secret${names.length > 1 ? 's' : ''} of ${list} ${names.length > 1 ? 'were' : 'was'} forgotten: a secret is only ever sent to the address it was entered for. Type ${names.length > 1 ? 'them' : 'it'} again below to use ${names.length > 1 ? 'these keys' : 'this key'} here.`;
}

const ENVIRONMENT_LABELS = { name: 'Environment name', baseUrl: 'Base URL', storageUrl: 'Storage URL' } as const;
type EnvironmentField = keyof typeof ENVIRONMENT_LABELS;

function EnvironmentForm({ env, onDone }: { env?: EnvironmentView; onDone(updated?: EnvironmentUpdate): void }) {
  const [values, setValues] = useState<Record<EnvironmentField, string>>({ name: env?.name ?? '', baseUrl: env?.baseUrl ?? '', storageUrl: env?.storageUrl ?? '' });
  const [allowPlainHttp, setAllowPlainHttp] = useState(env?.allowPlainHttp ?? false);
  const plainHttp = isPlainHttpToRemote(values.baseUrl.trim()) || isPlainHttpToRemote(values.storageUrl.trim());
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<EnvironmentField, string>>>({});
  /** Editing a field answers its error: the old sentence no longer describes what is typed. */
  const edit = (field: EnvironmentField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFieldErrors(({ [field]: _gone, ...rest }) => rest);
    setError(undefined);
  };
  const submit = async () => {
    setError(undefined);
    setFieldErrors({});
    const api = bridge().api.settings;
    const { name, baseUrl, storageUrl } = values;
    const result = env
      ? await api.updateEnvironment({ environmentId: env.id, name, baseUrl, storageUrl, allowPlainHttp })
      : await api.addEnvironment({ name, baseUrl, storageUrl, allowPlainHttp });
    if (result.ok) {
      onDone(env ? (result.value as EnvironmentUpdate) : undefined);
      return;
    }
    // Each problem under its field in this form's words; only what no field shows goes above the buttons.
    const placed = placeProblem(result.problem, ENVIRONMENT_LABELS);
    setFieldErrors(placed.fields);
    setError(placed.rest);
  };
  return (
    <form
      className="settings-form"
      aria-label={env ? `Edit ${env.name}` : 'Add environment'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField label={ENVIRONMENT_LABELS.name} value={values.name} onChange={edit('name')} required error={fieldErrors.name} />
      <TextField label={ENVIRONMENT_LABELS.baseUrl} type="url" value={values.baseUrl} onChange={edit('baseUrl')} required placeholder="https://" error={fieldErrors.baseUrl} />
      <TextField label={ENVIRONMENT_LABELS.storageUrl} type="url" value={values.storageUrl} onChange={edit('storageUrl')} required placeholder="https://" error={fieldErrors.storageUrl} help="Where finished assets are published." />
      {plainHttp || allowPlainHttp ? (
        <Toggle
          label="Allow plain http:// (unencrypted) for this environment"
          checked={allowPlainHttp}
          onChange={setAllowPlainHttp}
          help={
            <span className="settings-warning">
              Plain http:// to another computer sends the client secret and your prompts across the network unencrypted. Use https:// unless you trust every network in between.
            </span>
          }
        />
      ) : null}
      {error ? <p role="alert" className="settings-error">{error}</p> : null}
      <div className="settings-actions">
        <Button type="submit" variant="primary">
          {env ? 'Save environment' : 'Add environment'}
        </Button>
        <Button onClick={() => onDone()}>Cancel</Button>
      </div>
    </form>
  );
}
