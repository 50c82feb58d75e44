import type { ButtonHTMLAttributes } from 'react'

import { haptic } from '@/lib/native'

export type ButtonVariant = 'primary' | 'secondary' | 'danger'

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 text-sm font-semibold transition-colors duration-150 disabled:opacity-50'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-button text-button-fg active:brightness-95',
  secondary: 'bg-section text-fg active:bg-surface',
  danger: 'bg-destructive text-bg active:brightness-95',
}

/** Class names of a button, for links that look like one. */
export function buttonClassName(variant: ButtonVariant = 'primary', className = ''): string {
  return `${base} ${variants[variant]} ${className}`.trim()
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
}

export function Button({ variant = 'primary', className, type = 'button', onClick, ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName(variant, className)}
      onClick={(event) => {
        // Primary actions answer the tap in Telegram (no-op in a browser).
        if (variant !== 'secondary') haptic('impact')
        onClick?.(event)
      }}
      {...props}
    />
  )
}
