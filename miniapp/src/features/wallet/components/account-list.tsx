import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { useHideAccount, useSwitchAccount } from '@/features/wallet/api/account-changes'
import { formatIn } from '@/features/wallet/money-format'
import { ApiError } from '@/lib/api-client'
import type { Account, Currency } from '@/lib/api-types'
import { failureMessage } from '@/lib/forms/failure'
import { t } from '@/lib/i18n'
import { haptic } from '@/lib/native'

/** The platform's refusals of a switch or a hide, in the player's language. */
function accountChangeFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'account_active') return t('Switch to another account before hiding this one.')
    if (error.code === 'account_not_empty') return t('Only an empty account can be hidden.')
    if (error.code === 'account_not_found') return t('This account no longer exists. Reopen the list and try again.')
  }
  return failureMessage(error)
}

export interface AccountListProps {
  accounts: readonly Account[]
  currencies: readonly Currency[] | undefined
}

/**
 * Every account with its balance in its own currency; the active one marked, the others with Switch
 * and, when empty, Hide (the platform refuses hiding the active account or one holding money, so those
 * offer no Hide at all). One change at a time: the buttons wait while one runs.
 */
export function AccountList({ accounts, currencies }: AccountListProps) {
  const switching = useSwitchAccount()
  const hiding = useHideAccount()
  const [failure, setFailure] = useState<string>()
  const busy = switching.isPending || hiding.isPending
  const run = (change: typeof switching, id: number) => {
    setFailure(undefined)
    change.mutate(id, {
      onSuccess: () => {
        haptic('success')
      },
      onError: (error) => {
        haptic('error')
        setFailure(accountChangeFailure(error))
      },
    })
  }
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2" aria-busy={busy}>
        {accounts.map((account) => {
          const active = account.status === 1
          return (
            <li key={account.id} className="flex min-h-14 items-center gap-3 rounded-xl bg-section px-4 py-2 text-sm">
              <span className="font-semibold">
                {account.currency}
                {active ? <span className="ml-2 text-xs font-normal text-hint">{t('Active')}</span> : null}
              </span>
              <span className="ml-auto text-right tabular-nums">{formatIn(account.balance, account.currency, currencies) ?? '—'}</span>
              {active ? null : (
                <span className="flex gap-1">
                  <Button
                    variant="secondary"
                    className="bg-surface px-3"
                    disabled={busy}
                    aria-label={t('Switch to {currency}', { currency: account.currency })}
                    onClick={() => {
                      run(switching, account.id)
                    }}
                  >
                    {t('Switch')}
                  </Button>
                  {account.balance === 0 ? (
                    <Button
                      variant="secondary"
                      className="bg-surface px-3"
                      disabled={busy}
                      aria-label={t('Hide the {currency} account', { currency: account.currency })}
                      onClick={() => {
                        run(hiding, account.id)
                      }}
                    >
                      {t('Hide')}
                    </Button>
                  ) : null}
                </span>
              )}
            </li>
          )
        })}
      </ul>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
    </div>
  )
}
