/**
 * The readiness checklist: one line per check with pass/warn/fail, the
 * figure and the limit. In the export dialog each failing line carries its
 * fix as a toggle (applied to the exported copy); after an export, lines the
 * fixes turned from failing to passing say "fixed".
 */
import type { CheckLine, FixId } from '../../../../shared/domain/readiness';
import { FIX_LABELS } from '../../../../shared/domain/readiness';
import './readiness.css';

const STATUS_TEXT: Record<CheckLine['status'], string> = { pass: 'Pass', warn: 'Warning', fail: 'Fail' };

export interface ReadinessListProps {
  lines: CheckLine[];
  /** Lines before the fixes: a line failing there and passing here is shown as fixed. */
  before?: CheckLine[];
  /** Fixes chosen for the export; a line's fix button toggles its fix. */
  chosen?: readonly FixId[];
  onToggleFix?(fix: FixId): void;
  label?: string;
}

export function ReadinessList({ lines, before, chosen, onToggleFix, label = 'Readiness' }: ReadinessListProps) {
  return (
    <ul className="readiness-list" aria-label={label}>
      {lines.map((line) => {
        const was = before?.find((b) => b.id === line.id);
        const fixed = was && was.status !== 'pass' && line.status === 'pass';
        const on = line.fix ? chosen?.includes(line.fix) : false;
        return (
          <li key={line.id} className={`readiness-line readiness-${line.status}${fixed ? ' readiness-fixed' : ''}`} data-check={line.id} data-status={line.status}>
            <span className="readiness-status">{fixed ? 'Fixed' : STATUS_TEXT[line.status]}</span>
            <span className="readiness-label">{line.label}</span>
            <span className="readiness-figure">
              {fixed && was ? `${was.figure} → ` : ''}
              {line.figure} {line.limit ? <span className="readiness-limit">(limit {line.limit})</span> : null}
            </span>
            {line.status !== 'pass' && line.note ? <span className="readiness-note">{line.note}</span> : null}
            {line.about ? <span className="readiness-note readiness-about">{line.about}</span> : null}
            {line.fix && line.status !== 'pass' && onToggleFix ? (
              <button type="button" className={`readiness-fix${on ? ' on' : ''}`} aria-pressed={on} onClick={() => onToggleFix(line.fix!)}>
                {on ? `✓ ${FIX_LABELS[line.fix]}` : FIX_LABELS[line.fix]}
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
