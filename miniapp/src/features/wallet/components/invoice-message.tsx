import { Link } from '@tanstack/react-router'
import { Fragment, type ReactNode } from 'react'

const LINK_PLACEHOLDERS = /(\{customerSupportUrl\}|\{walletUrl\})/

/**
 * A settled invoice's text from the catalogue (spec section 8: placeholders `{sum}`,
 * `{customerSupportUrl}`, `{walletUrl}`): `{sum}` is filled by `t`, the two URLs become links whose
 * words are the catalogue's own.
 */
export function InvoiceMessage({ text, supportLabel, walletLabel }: { text: string; supportLabel: string; walletLabel: string }) {
  const parts: ReactNode[] = text.split(LINK_PLACEHOLDERS).map((part, index) => {
    if (part === '{customerSupportUrl}') {
      return (
        <Link key={index} to="/$" params={{ _splat: 'support' }} className="font-semibold text-link underline">
          {supportLabel}
        </Link>
      )
    }
    if (part === '{walletUrl}') {
      return (
        <Link key={index} to="/$" params={{ _splat: 'wallet' }} className="font-semibold text-link underline">
          {walletLabel}
        </Link>
      )
    }
    return <Fragment key={index}>{part}</Fragment>
  })
  return <p className="text-sm text-hint">{parts}</p>
}
