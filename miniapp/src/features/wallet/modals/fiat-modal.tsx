import { Dialog } from '@/components/ui/dialog'
import { LoadError } from '@/features/wallet/components/load-error'
import { resolveEquivalentCurrency, useEquivalentPreference } from '@/features/wallet/equivalent-currency'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { haptic } from '@/lib/native'
import { useCurrencies } from '@/lib/settings'

/**
 * `?fiat`: the fiat currency the player's total balance is shown in (the equivalent currency). The spec
 * names the modal and nothing more; a real product uses it to pick the fiat view of a multi-currency
 * wallet, so that is what it does: the choice is the same setting as the currency panel's, kept on this
 * device and restored after the next sign-in.
 */
export default function FiatModal({ zIndex }: ModalProps) {
  const modals = useModals()
  const currencies = useCurrencies()
  const [preference, setPreference] = useEquivalentPreference()
  const close = () => void modals.close('fiat')
  const fiat = currencies.data?.filter((currency) => currency.isEnabled && currency.type === 'fiat') ?? []
  const chosen = resolveEquivalentCurrency(preference, currencies.data, undefined)
  return (
    <Dialog
      title={t('Display currency')}
      description={t('Your total balance is shown in this currency. Each account keeps its own.')}
      zIndex={zIndex}
      onClose={close}
    >
      {currencies.isError ? (
        <LoadError title={t('Currencies did not load')} onRetry={() => void currencies.refetch()} />
      ) : !currencies.data ? (
        <div aria-hidden="true" className="skeleton h-32 rounded-xl" />
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('Display currency')}</legend>
          {fiat.map((currency) => (
            <label key={currency.code} className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl bg-section px-4 text-sm font-semibold">
              <input
                type="radio"
                name="fiat"
                value={currency.code}
                checked={chosen?.code === currency.code}
                onChange={() => {
                  setPreference(currency.code)
                  haptic('success')
                  close()
                }}
                className="size-5 accent-[var(--app-button)]"
              />
              <span>{currency.code}</span>
              <span className="ml-auto text-hint" aria-hidden="true">
                {currency.symbol}
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </Dialog>
  )
}
