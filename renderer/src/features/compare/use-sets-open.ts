/**
 * The job or set just submitted comes to the user when it finishes (a set in
 * the compare view): the follow rule is applied at each change of the job
 * cache (the workspace, always mounted, watches it), as well as on the
 * Generate panel's job events.
 */
import { useEffect } from 'react';
import { useStore } from '../../state/store';

export function useSetsOpenWhenFinished(): void {
  const version = useStore((s) => s.jobsVersion);
  const following = useStore((s) => s.followed !== null);
  const apply = useStore((s) => s.applyFollow);
  useEffect(() => {
    if (following) apply();
  }, [version, following, apply]);
}
