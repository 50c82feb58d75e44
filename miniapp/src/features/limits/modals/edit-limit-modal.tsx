import { Dialog } from '@/components/ui/dialog'
import { FormError } from '@/components/ui/form-field'
import { LoadError } from '@/components/ui/load-error'
import { StateMessage } from '@/components/ui/state-message'
import { SubmitButton } from '@/components/ui/submit-button'
import { type Limit, useChangeLimit, useLimits } from '@/features/limits/api/limits'
import { LimitAmountField, limitAmountRules, LimitPeriodField } from '@/features/limits/components/limit-amount-field'
import { definitionName, isExclusion, isLimitPeriod, isLoosening, type LimitPeriod } from '@/features/limits/limit-rules'
import type { Currency } from '@/lib/api-types'
import { useForm } from '@/lib/forms'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { amountToMinorUnits, minorUnitsToAmount } from '@/lib/money-amount'
import { useCurrencies } from '@/lib/settings'
import { showToast } from '@/lib/toasts'

/** `?edit-limit={id}`: new terms for a money limit. Stricter terms apply at once; looser ones go to `confirm-limit-update`. */
export default function EditLimitModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const limits = useLimits()
  const currencies = useCurrencies()
  const close = () => void modals.close('edit-limit')
  const limit = limits.data?.find((candidate) => String(candidate.id) === String(value))
  const currency = currencies.data?.find((candidate) => candidate.code === limit?.currency)
  let body
  if (limits.isError) body = <LoadError title={t('Your limits did not load')} onRetry={() => void limits.refetch()} />
  else if (!limits.data || !currencies.data) body = <div aria-busy="true" aria-hidden="true" className="skeleton h-40 rounded-xl" />
  else if (!limit || !currency || isExclusion(limit.definition) || !isLimitPeriod(limit.period))
    body = <StateMessage title={t('This limit is not there any more')} description={t('See your limits for the ones you have.')} />
  else body = <EditForm limit={limit} period={limit.period} currency={currency} onDone={close} />
  return (
    <Dialog title={limit ? t('Change {name}', { name: definitionName(limit.definition).toLowerCase() }) : t('Change limit')} zIndex={zIndex} onClose={close}>
      {body}
    </Dialog>
  )
}

function EditForm({ limit, period, currency, onDone }: { limit: Limit; period: LimitPeriod; currency: Currency; onDone: () => void }) {
  const modals = useModals()
  const initial = minorUnitsToAmount(limit.amount ?? 0, currency)
  const initialValues: { period: string; amount: string } = { period, amount: initial }
  const form = useForm({
    initialValues,
    schema: { amount: limitAmountRules(currency) },
    mutation: useChangeLimit(),
    variables: (values) => ({ id: limit.id, period: values.period, amount: Number(amountToMinorUnits(values.amount, currency) ?? 0n) }),
    onSuccess: () => {
      showToast({ title: t('Limit lowered: it applies now'), tone: 'success' })
      onDone()
    },
  })
  const submit = () => {
    const amount = Number(amountToMinorUnits(form.values.amount, currency) ?? 0n)
    const next = isLimitPeriod(form.values.period) ? form.values.period : period
    // Looser terms wait 24 hours: the player confirms that first (the form's own checks run there too).
    if (amount > 0 && isLoosening(limit, { amount, period: next })) {
      void modals.open('confirm-limit-update', `${String(limit.id)}.${next}.${String(amount)}`)
      return
    }
    form.submit()
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      className="flex flex-col gap-4"
    >
      <LimitPeriodField
        value={form.values.period}
        onChange={(next) => {
          form.set('period', next)
        }}
      />
      <LimitAmountField
        currency={currency}
        value={form.values.amount}
        onChange={(value) => {
          form.set('amount', value)
        }}
        error={form.errors.amount}
      />
      <p className="text-xs text-hint">{t('Lowering applies at once; raising it or a longer period takes 24 hours.')}</p>
      <FormError>{form.formError}</FormError>
      <SubmitButton text={t('Save')} pendingText={t('Saving…')} pending={form.pending} onSubmit={submit} className="w-full" />
    </form>
  )
}
