import { useState } from 'react'

import { haptic } from '@/lib/native'
import { t } from '@/lib/i18n'

export interface CopyValueProps {
  /** What the value is ("Address"), shown above it and naming the copy button. */
  label: string
  value: string
}

/** A value the player copies into another app (an address, an amount, a reference), with its copy button. */
export function CopyValue({ label, value }: CopyValueProps) {
  const [copied, setCopied] = useState<boolean>()
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => {
        setCopied(true)
        haptic('success')
      },
      () => {
        setCopied(false)
        haptic('error')
      },
    )
  }
  return (
    <div className="flex items-center gap-3 rounded-xl bg-section px-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="text-xs text-hint">{label}</p>
        <p className="font-mono text-sm break-all text-fg">{value}</p>
      </div>
      <button
        type="button"
        onClick={copy}
        aria-label={t('Copy {label}', { label: label.toLowerCase() })}
        className="min-h-11 shrink-0 rounded-lg px-3 text-sm font-semibold text-link"
      >
        {copied === true ? t('Copied') : t('Copy')}
      </button>
      <span role="status" className="sr-only">
        {copied === true ? t('{label} copied', { label }) : copied === false ? t('Copying failed: select the text and copy it yourself.') : ''}
      </span>
    </div>
  )
}
