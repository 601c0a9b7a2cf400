/**
 * A drop-down menu on Radix DropdownMenu: Escape and a click outside close
 * it, arrow keys (and typing a letter) move through it, focus returns to its
 * button, and it is drawn in a portal above everything, flipped to stay on
 * screen, so the next row or the panel's edge never clips it.
 */
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';

export interface MenuProps {
  /** The button that opens the menu (rendered as the trigger, keeps its own props). */
  trigger: ReactNode;
  /** Accessible name of the menu itself. */
  label: string;
  children: ReactNode;
  align?: 'start' | 'end';
  onOpenChange?(open: boolean): void;
}

export function Menu({ trigger, label, children, align = 'end', onOpenChange }: MenuProps) {
  return (
    <DropdownMenu.Root modal={false} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" aria-label={label} align={align} sideOffset={4} collisionPadding={8} loop>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export interface MenuItemProps {
  children: ReactNode;
  disabled?: boolean;
  onSelect(): void;
}

export function MenuItem({ children, disabled, onSelect }: MenuItemProps) {
  return (
    <DropdownMenu.Item className="menu-item" disabled={disabled} onSelect={onSelect}>
      {children}
    </DropdownMenu.Item>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="menu-separator" />;
}
