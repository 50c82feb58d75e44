import { ComboboxField } from '@/components/ui/combobox-field'
import { LoadError } from '@/components/ui/load-error'
import { resolveEquivalentCurrency, useEquivalentPreference } from '@/features/wallet/equivalent-currency'
import { t } from '@/lib/i18n'
import { useCurrencies } from '@/lib/settings'

/**
 * The equivalent currency as an account setting (spec section 3; the currency panel offers the same
 * choice beside the total): the enabled currencies, searchable by code, kept on this device.
 */
export function EquivalentCurrencySetting() {
  const currencies = useCurrencies()
  const [preference, setPreference] = useEquivalentPreference()
  if (currencies.isError) return <LoadError title={t('The currencies did not load')} onRetry={() => void currencies.refetch()} />
  if (!currencies.data) return <div aria-hidden="true" className="skeleton h-11 rounded-xl" />
  const chosen = resolveEquivalentCurrency(preference, currencies.data, undefined)
  return (
    <ComboboxField
      label={t('Equivalent currency')}
      name="equivalentCurrency"
      value={chosen?.code ?? ''}
      onChange={setPreference}
      options={currencies.data.filter((currency) => currency.isEnabled).map((currency) => ({ value: currency.code, label: currency.code }))}
    />
  )
}
