/**
 * Top bar: which environment and key new requests use, switchable in place,
 * and the way into Settings. Accessible names "Environment" and "Key".
 */
import { useId } from 'react';
import { bridge } from '../../bridge';
import { selectActive } from '../../state/slices/settings';
import { useStore } from '../../state/store';
import { useSettingsSync } from './use-settings-sync';

export function EnvironmentSwitcher() {
  useSettingsSync();
  const settings = useStore((s) => s.settings);
  const openSettings = useStore((s) => s.openSettings);
  const active = selectActive({ settings });
  const envId = useId();
  const keyId = useId();

  const switchTo = async (environmentId: string, keyIdValue: string | undefined) => {
    if (!keyIdValue) {
      openSettings('environments');
      return;
    }
    const result = await bridge().api.settings.setActive({ environmentId, keyId: keyIdValue });
    if (result.ok) useStore.getState().applySettings(result.value);
  };

  const environments = settings?.environments ?? [];
  const keys = active?.environment.keys ?? [];
  // The closed menus may be narrower than their names at smaller widths: the tooltip keeps them whole.
  const keyLabel = (k: (typeof keys)[number]) => `${k.name} (${k.clientIdMasked})${k.hasSecret ? '' : ' – no secret'}`;
  return (
    <section className="env-switcher" aria-label="Environment and key">
      <label htmlFor={envId} className="env-switcher-label">
        Environment
      </label>
      <select
        id={envId}
        aria-label="Environment"
        className="input input-compact"
        value={active?.environment.id ?? ''}
        title={active?.environment.name}
        disabled={environments.length === 0}
        onChange={(e) => {
          const env = environments.find((x) => x.id === e.target.value);
          void switchTo(e.target.value, (env?.keys.find((k) => k.hasSecret) ?? env?.keys[0])?.id);
        }}
      >
        {environments.length === 0 ? <option value="">No environment</option> : null}
        {environments.map((env) => (
          <option key={env.id} value={env.id}>
            {env.name}
          </option>
        ))}
      </select>
      <label htmlFor={keyId} className="env-switcher-label">
        Key
      </label>
      <select
        id={keyId}
        aria-label="Key"
        className="input input-compact"
        value={active?.key.id ?? ''}
        title={active ? keyLabel(active.key) : undefined}
        disabled={keys.length === 0}
        onChange={(e) => active && void switchTo(active.environment.id, e.target.value)}
      >
        {keys.length === 0 ? <option value="">No key</option> : null}
        {keys.map((k) => (
          <option key={k.id} value={k.id}>
            {keyLabel(k)}
          </option>
        ))}
      </select>
    </section>
  );
}

/**
 * The way into Settings, at the right end of the top bar: nothing to its
 * right loads later, so it never moves under the pointer. Beside the credits
 * (which appear when their figures arrive) it had jumped 151 px a second
 * after the window opened, and a click aimed at it then missed.
 */
export function SettingsButton() {
  const openSettings = useStore((s) => s.openSettings);
  return (
    <button type="button" className="btn btn-ghost btn-small top-bar-settings" onClick={() => openSettings()}>
      Settings
    </button>
  );
}
