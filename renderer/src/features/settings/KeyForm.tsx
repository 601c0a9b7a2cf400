/**
 * Adds a key to an environment. The client secret field is write-only: it is
 * a password input, never pre-filled, cleared as soon as the host has it, and
 * the host never sends it back. Where the OS cannot encrypt, the user picks
 * how to keep it.
 */
import { useState } from 'react';
import type { EnvironmentView, SecretStorageInfo } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { Toggle } from '../../components/Toggle';
import { problemOf } from './messages';

type Choice = 'encrypted' | 'session' | 'unprotected';

export function KeyForm({ environment, storage, onDone }: { environment: EnvironmentView; storage: SecretStorageInfo; onDone(): void }) {
  const [name, setName] = useState(environment.keys.length === 0 ? 'Default' : '');
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [earlyAccess, setEarlyAccess] = useState(false);
  const choices: { value: Choice; label: string }[] = storage.protectedStorageAvailable
    ? [{ value: 'encrypted', label: 'Store it encrypted by the operating system' }]
    : storage.backend === 'none'
      ? [{ value: 'session', label: 'Keep for this session only' }]
      : [
          { value: 'session', label: 'Keep for this session only' },
          { value: 'unprotected', label: 'Store it, knowing it is not protected' },
        ];
  const [choice, setChoice] = useState<Choice | ''>(choices.length === 1 ? choices[0]!.value : '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    const result = await bridge().api.settings.addKey({
      environmentId: environment.id,
      name: name.trim(),
      clientId: clientId.trim(),
      clientSecret: secret === '' ? undefined : secret,
      earlyAccess,
      storage: secret === '' || choice === '' ? undefined : choice,
    });
    setBusy(false);
    const problem = problemOf(result);
    if (problem) {
      setError(problem);
      return;
    }
    setSecret('');
    onDone();
  };

  return (
    <form
      className="settings-form"
      aria-label={`Add a key to ${environment.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField label="Key name" value={name} onChange={setName} required />
      <TextField label="Client id" value={clientId} onChange={setClientId} required />
      <div className="field">
        <label className="field-label" htmlFor={`secret-${environment.id}`}>
          Client secret
        </label>
        <input
          id={`secret-${environment.id}`}
          className="input"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          aria-describedby={`secret-help-${environment.id}`}
        />
        <div id={`secret-help-${environment.id}`} className="field-help">
          Typed once: Asset Studio never shows it again.
        </div>
      </div>
      {secret !== '' ? (
        <fieldset className="settings-choice">
          <legend>How to keep the secret</legend>
          {choices.map((c) => (
            <label key={c.value} className="settings-radio">
              <input type="radio" name={`storage-${environment.id}`} value={c.value} checked={choice === c.value} onChange={() => setChoice(c.value)} />
              {c.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <Toggle label="Early access" checked={earlyAccess} onChange={setEarlyAccess} help="This key may use coming-soon endpoints." />
      {error ? (
        <p role="alert" className="settings-error">
          {error}
        </p>
      ) : null}
      <div className="settings-actions">
        <Button type="submit" variant="primary" disabled={busy || !name.trim() || !clientId.trim() || (secret !== '' && choice === '')}>
          Add key
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}
