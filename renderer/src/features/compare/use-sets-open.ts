/**
 * A set generated in this session opens in the compare view once all its
 * takes have finished (see the compare slice's awaitedSets).
 */
import { useEffect } from 'react';
import { useStore } from '../../state/store';

export function useSetsOpenWhenFinished(): void {
  const version = useStore((s) => s.jobsVersion);
  const awaiting = useStore((s) => Object.keys(s.awaitedSets).length > 0);
  const note = useStore((s) => s.noteSetsProgress);
  useEffect(() => {
    if (awaiting) note();
  }, [version, awaiting, note]);
}
