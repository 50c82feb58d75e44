import { Button } from '@/components/ui/button'

/** A form's primary action as its host draws it: a button in the dialog, Telegram's Main Button in the Mini App. */
export interface PrimaryAction {
  text: string
  /** Off while the form cannot be sent, or has just been (no double tap). */
  enabled: boolean
  /** A call is under way: the Main Button shows its loader. */
  progress: boolean
  onClick: () => void
}

/** Where a wallet form is: filling in, confirming (withdrawals), or following its invoice. */
export type PaymentStep = 'form' | 'confirm' | 'status'

export type PrimaryActionRenderer = (action: PrimaryAction) => React.ReactNode

/** The dialog's primary button: a submit button of the form it sits in. */
export function PrimaryButton({ text, enabled, progress }: PrimaryAction) {
  return (
    <Button type="submit" disabled={!enabled || progress} aria-busy={progress || undefined} className="w-full">
      {text}
    </Button>
  )
}

export const renderPrimaryButton: PrimaryActionRenderer = (action) => <PrimaryButton {...action} />
