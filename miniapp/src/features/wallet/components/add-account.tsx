import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/form-field'
import { useOpenAccount } from '@/features/wallet/api/account-changes'
import { ApiError } from '@/lib/api-client'
import type { Account, Currency } from '@/lib/api-types'
import { failureMessage } from '@/lib/forms/failure'
import { t } from '@/lib/i18n'
import { haptic } from '@/lib/native'

/** The enabled currencies the player holds no account in (spec: only enabled currencies are offered). */
function addableCurrencies(currencies: readonly Currency[], accounts: readonly Account[]): Currency[] {
  const held = new Set(accounts.map((account) => account.currency))
  return currencies.filter((currency) => currency.isEnabled && !held.has(currency.code))
}

function openFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'account_exists') return t('You already have an account in this currency.')
    if (error.code === 'currency_unavailable') return t('This currency is not available. Choose another one.')
  }
  return failureMessage(error)
}

/** Opens an account in a currency not yet held; the new account joins the list as it arrives. */
export function AddAccount({ accounts, currencies }: { accounts: readonly Account[]; currencies: readonly Currency[] }) {
  const opening = useOpenAccount()
  const options = addableCurrencies(currencies, accounts)
  const [chosen, setChosen] = useState('')
  const [failure, setFailure] = useState<string>()
  const currency = options.find((option) => option.code === chosen)?.code ?? options[0]?.code
  if (!currency) return <p className="text-sm text-hint">{t('You have an account in every available currency.')}</p>
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        setFailure(undefined)
        opening.mutate(currency, {
          onSuccess: () => {
            haptic('success')
            setChosen('')
          },
          onError: (error) => {
            haptic('error')
            setFailure(openFailure(error))
          },
        })
      }}
    >
      <SelectField
        label={t('New account currency')}
        name="currency"
        value={currency}
        onChange={setChosen}
        options={options.map((option) => ({ value: option.code, label: option.code }))}
        error={failure}
      />
      <Button type="submit" variant="secondary" disabled={opening.isPending}>
        {opening.isPending ? t('Adding…') : t('Add account')}
      </Button>
    </form>
  )
}
