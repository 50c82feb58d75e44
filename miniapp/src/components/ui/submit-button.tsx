import { Button, type ButtonVariant } from '@/components/ui/button'
import { useMainButton } from '@/lib/main-button'

export interface SubmitButtonProps {
  text: string
  /** What the in-page button says while the form is being sent (the Main Button shows its loader). */
  pendingText: string
  pending: boolean
  disabled?: boolean
  /** The form's submit, which a press of the Main Button runs (it is no submit button of the form). */
  onSubmit: () => void
  /** `button` for a dialog's primary action outside a form: the in-page button runs `onSubmit` itself. */
  type?: 'submit' | 'button'
  variant?: ButtonVariant
  className?: string
}

/**
 * A form's primary action: in Telegram, the Main Button, whose text, loader and enabled state follow the
 * form, and the page draws no button of its own (as the wallet's sheet); elsewhere the form's submit
 * button.
 */
export function SubmitButton({ text, pendingText, pending, disabled = false, onSubmit, type = 'submit', variant = 'primary', className = '' }: SubmitButtonProps) {
  const onMainButton = useMainButton({ text, enabled: !disabled, progress: pending, onClick: onSubmit })
  if (onMainButton) return null
  return (
    <Button
      type={type}
      variant={variant}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={className}
      {...(type === 'button' ? { onClick: onSubmit } : {})}
    >
      {pending ? pendingText : text}
    </Button>
  )
}
