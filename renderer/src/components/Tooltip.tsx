/**
 * Tooltips on Radix Tooltip: shown on hover and on keyboard focus, dismissed
 * with Escape, and announced as the control's description. For icon buttons
 * and short explanations; never the only place a label lives.
 */
import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

export function TooltipProvider({ children }: { children: ReactNode }) {
  return <RadixTooltip.Provider delayDuration={400}>{children}</RadixTooltip.Provider>;
}

export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  // Each tooltip carries its own provider, so a component that uses one renders anywhere (tests included).
  return (
    <RadixTooltip.Provider delayDuration={400}>
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="tooltip" sideOffset={6} collisionPadding={8}>
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
