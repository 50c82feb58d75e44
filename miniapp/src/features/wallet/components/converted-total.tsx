import { SelectField } from '@/components/ui/form-field'
import { useConvertedAccounts } from '@/features/wallet/api/get-converted-accounts'
import { resolveEquivalentCurrency, useEquivalentPreference } from '@/features/wallet/equivalent-currency'
import type { Currency } from '@/lib/api-types'
import { currentLocale, LOCALE_TAGS, t } from '@/lib/i18n'
import { formatEquivalentIn } from '@/lib/money-equivalent'

/**
 * The total of every account (`baseCurrencyTotalBalance` of `/wallet/accounts/converted`) in the
 * player's equivalent currency, rounded to 2 decimals, and the choice of that currency.
 * `balanceKey` (`balancesKey` of the accounts) changes with any balance, so the total follows live changes.
 */
export function ConvertedTotal({ currencies, balanceKey }: { currencies: readonly Currency[]; balanceKey: string }) {
  const converted = useConvertedAccounts(balanceKey)
  const [preference, setPreference] = useEquivalentPreference()
  const { refetch } = converted
  const base = currencies.find((currency) => currency.code === converted.data?.baseCurrency)
  const equivalent = resolveEquivalentCurrency(preference, currencies, converted.data?.baseCurrency)
  const total =
    converted.data && base && equivalent
      ? formatEquivalentIn(converted.data.baseCurrencyTotalBalance, base, equivalent, { locale: LOCALE_TAGS[currentLocale()] })
      : undefined
  return (
    <section aria-labelledby="wallet-total" className="flex flex-col gap-3 rounded-xl bg-section p-4">
      <div>
        <h3 id="wallet-total" className="text-sm text-hint">
          {t('Total balance')}
        </h3>
        {converted.isError ? (
          <p role="alert" className="mt-1 flex items-center gap-2 text-sm text-destructive">
            {t('The total did not load.')}
            <button type="button" className="min-h-11 font-semibold text-link underline" onClick={() => void refetch()}>
              {t('Retry')}
            </button>
          </p>
        ) : total === undefined ? (
          <div aria-hidden="true" className="skeleton mt-1 h-8 w-32 rounded-lg" />
        ) : (
          <p className="text-2xl font-bold tabular-nums" data-testid="total-balance">
            {total}
          </p>
        )}
      </div>
      {equivalent ? (
        <SelectField
          label={t('Show the total in')}
          name="equivalentCurrency"
          value={equivalent.code}
          onChange={setPreference}
          options={currencies.filter((currency) => currency.isEnabled).map((currency) => ({ value: currency.code, label: currency.code }))}
        />
      ) : null}
    </section>
  )
}
