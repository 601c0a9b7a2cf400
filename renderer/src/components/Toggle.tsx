/** A labelled on/off switch (a checkbox underneath, so it is reachable and announced as one). */
import { useId, type ReactNode } from 'react';

export interface ToggleProps {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  help?: ReactNode;
  disabled?: boolean;
}

export function Toggle({ label, checked, onChange, help, disabled }: ToggleProps) {
  const id = useId();
  return (
    <div className="field field-toggle">
      <label className="toggle" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={help ? `${id}-help` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="toggle-track" aria-hidden="true" />
        <span className="field-label">{label}</span>
      </label>
      {help ? (
        <div id={`${id}-help`} className="field-help">
          {help}
        </div>
      ) : null}
    </div>
  );
}
