import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/form-field'
import { useOpenAccount } from '@/features/wallet/api/account-changes'
import type { Account, Currency } from '@/lib/api-types'
import { useForm } from '@/lib/forms'
import { t } from '@/lib/i18n'

/** The enabled currencies the player holds no account in (spec: only enabled currencies are offered). */
function addableCurrencies(currencies: readonly Currency[], accounts: readonly Account[]): Currency[] {
  const held = new Set(accounts.map((account) => account.currency))
  return currencies.filter((currency) => currency.isEnabled && !held.has(currency.code))
}

/** Opens an account in a currency not yet held; the new account joins the list as it arrives. */
export function AddAccount({ accounts, currencies }: { accounts: readonly Account[]; currencies: readonly Currency[] }) {
  const options = addableCurrencies(currencies, accounts)
  // The chosen currency, or the first one offered while none is (or the chosen one has just been opened).
  const currencyOf = (chosen: string) => options.find((option) => option.code === chosen)?.code ?? options[0]?.code ?? ''
  const form = useForm({
    initialValues: { currency: '' },
    mutation: useOpenAccount(),
    variables: (values) => currencyOf(values.currency),
    onSuccess: () => {
      form.set('currency', '')
    },
    codeMessages: {
      account_exists: { currency: t('You already have an account in this currency.') },
      currency_unavailable: { currency: t('This currency is not available. Choose another one.') },
    },
  })
  const currency = currencyOf(form.values.currency)
  if (!currency) return <p className="text-sm text-hint">{t('You have an account in every available currency.')}</p>
  return (
    <form noValidate className="flex flex-col gap-2" onSubmit={form.submit}>
      <SelectField
        label={t('New account currency')}
        name="currency"
        value={currency}
        onChange={(next) => {
          form.set('currency', next)
        }}
        options={options.map((option) => ({ value: option.code, label: option.code }))}
        error={form.errors.currency ?? form.formError}
      />
      <Button type="submit" variant="secondary" disabled={form.pending}>
        {form.pending ? t('Adding…') : t('Add account')}
      </Button>
    </form>
  )
}
