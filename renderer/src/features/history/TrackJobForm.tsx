/** "Track a job by id": follow a job created elsewhere with the active key. */
import { useState, type FormEvent } from 'react';
import { bridge } from '../../bridge';

export function TrackJobForm({ onDone }: { onDone(): void }) {
  const [jobId, setJobId] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const id = jobId.trim();
    if (!id) {
      setProblem('Enter the id of a job.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const result = await bridge().api.jobs.track({ jobId: id });
      if (result.ok) {
        setJobId('');
        onDone();
      } else {
        setProblem(result.problem.message);
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="history-track" onSubmit={(e) => void submit(e)} aria-label="Track a job by id">
      <label>
        Job id
        <input value={jobId} onChange={(e) => setJobId(e.target.value)} autoFocus spellCheck={false} />
      </label>
      <button type="submit" disabled={busy}>
        Track
      </button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
      {problem ? (
        <p className="history-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
