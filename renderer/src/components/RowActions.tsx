/**
 * What every history row ends with: the line saying why its last action did
 * not work, and its ⋯ menu of everything else the row can do. One piece for a
 * job's row and a set's row, so both keep the same names ("Actions for …")
 * and the same alert.
 */
import type { ReactNode } from "react";
import { Menu } from "./Menu";

/** Why the row's last action did not work, read out as it appears; nothing when all went well. */
export function RowProblem({ problem }: { problem: string | null }) {
  return problem ? (
    <p className="history-error" role="alert">
      {problem}
    </p>
  ) : null;
}

/** The row's ⋯ button and the menu it opens, named after the row's title. */
export function RowActionsMenu({
  title,
  children,
}: {
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="history-actions">
      <Menu
        label={`Actions for ${title}`}
        trigger={
          <button type="button" aria-label={`Actions for ${title}`}>
            ⋯
          </button>
        }
      >
        {children}
      </Menu>
    </div>
  );
}
