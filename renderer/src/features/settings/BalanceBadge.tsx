/**
 * The top bar's last known balance of the active key and how old it is. The
 * service tells a balance only when it refuses a request for lack of credits
 * (402), so it may be unknown, and says so.
 */
import { useEffect, useState } from 'react';
import { balanceLabel } from '../generate/costs';
import { useStore } from '../../state/store';

export function BalanceBadge() {
  const info = useStore((s) => s.settings?.credits.find((c) => c.environmentId === s.settings?.active?.environmentId && c.keyId === s.settings?.active?.keyId));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return (
    <span
      className="balance-badge"
      title="The last balance the service reported for this key. It reports one when a request is refused for lack of credits."
    >
      {info ? `Balance: ${balanceLabel(info, now)}` : 'Balance: not known yet'}
    </span>
  );
}
