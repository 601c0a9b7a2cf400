/** The app's button: one look per intent, never a submit by accident. */
import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'normal' | 'small';
}

export function Button({ variant = 'secondary', size = 'normal', className, type = 'button', ...rest }: ButtonProps) {
  return <button {...rest} type={type} className={`btn btn-${variant}${size === 'small' ? ' btn-small' : ''}${className ? ` ${className}` : ''}`} />;
}
