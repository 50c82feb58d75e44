import { ComboboxField } from '@/components/ui/combobox-field'
import { Dialog } from '@/components/ui/dialog'
import { CheckboxField, FormError, SelectField } from '@/components/ui/form-field'
import { SubmitButton } from '@/components/ui/submit-button'
import { useCreateLimit } from '@/features/limits/api/limits'
import { LimitAmountField, limitAmountRules, LimitPeriodField } from '@/features/limits/components/limit-amount-field'
import {
  AMOUNT_DEFINITIONS,
  definitionName,
  EXCLUSION_DAYS,
  isExclusion,
  LIMIT_DEFINITIONS,
} from '@/features/limits/limit-rules'
import { useForm } from '@/lib/forms'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { amountToMinorUnits } from '@/lib/money-amount'
import { displayUnit } from '@/lib/money'
import { useCurrencies } from '@/lib/settings'
import { showToast } from '@/lib/toasts'
import { accepted } from '@/lib/validation'

/** `?add-limit` or `?add-limit={definition}.{currency}`: what the page asked for, else a deposit limit. */
function parseAddLimit(value: string | true): { definition: number; currency: string | undefined } {
  const [definition, currency] = value === true ? [] : value.split('.')
  const known = Object.values(LIMIT_DEFINITIONS) as number[]
  const parsed = Number(definition)
  return { definition: known.includes(parsed) ? parsed : LIMIT_DEFINITIONS.deposit, currency: currency?.toUpperCase() }
}

/** `?add-limit`: a new deposit, bet or loss limit, or a break (cooling-off, self-exclusion) after its consequences are read. */
export default function AddLimitModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const asked = parseAddLimit(value)
  const close = () => void modals.close('add-limit')
  return (
    <Dialog title={isExclusion(asked.definition) ? definitionName(asked.definition) : t('Add a limit')} zIndex={zIndex} onClose={close}>
      {isExclusion(asked.definition) ? (
        <BreakForm definition={asked.definition as 4 | 5} onDone={close} />
      ) : (
        <MoneyLimitForm definition={asked.definition} currency={asked.currency} onDone={close} />
      )}
    </Dialog>
  )
}

function MoneyLimitForm({ definition, currency, onDone }: { definition: number; currency: string | undefined; onDone: () => void }) {
  const currencies = useCurrencies()
  const enabled = (currencies.data ?? []).filter((candidate) => candidate.isEnabled)
  // The page's currency (the active account's), else the first the platform offers.
  const currencyOf = (code: string) => enabled.find((candidate) => candidate.code === code) ?? (code === '' ? enabled[0] : undefined)
  const form = useForm({
    initialValues: { definition: String(definition), period: 'daily', amount: '', currency: currency ?? '' },
    schema: (values) => ({ amount: limitAmountRules(currencyOf(values.currency)) }),
    mutation: useCreateLimit(),
    variables: (values) => {
      const chosen = currencyOf(values.currency)
      const minor = chosen ? amountToMinorUnits(values.amount, chosen) : undefined
      return { definition: Number(values.definition), period: values.period, amount: Number(minor ?? 0n), currency: chosen?.code ?? values.currency }
    },
    onSuccess: (limit) => {
      showToast({ title: t('{name} set', { name: definitionName(limit.definition) }), tone: 'success' })
      onDone()
    },
  })
  const chosen = currencyOf(form.values.currency)
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
      <SelectField
        label={t('Limit')}
        name="definition"
        value={form.values.definition}
        onChange={(next) => {
          form.set('definition', next)
        }}
        options={AMOUNT_DEFINITIONS.map((candidate) => ({ value: String(candidate), label: definitionName(candidate) }))}
      />
      <LimitPeriodField
        value={form.values.period}
        onChange={(next) => {
          form.set('period', next)
        }}
      />
      <ComboboxField
        label={t('Currency')}
        name="currency"
        value={chosen?.code ?? ''}
        onChange={(next) => {
          form.set('currency', next)
          form.set('amount', '')
        }}
        error={form.errors.currency}
        options={enabled.map((candidate) => ({ value: candidate.code, label: displayUnit(candidate).code }))}
      />
      {chosen ? (
        <LimitAmountField
          key={chosen.code}
          currency={chosen}
          value={form.values.amount}
          onChange={(value) => {
            form.set('amount', value)
          }}
          error={form.errors.amount}
        />
      ) : (
        <div aria-hidden="true" className="skeleton h-11 rounded-xl" />
      )}
      <p className="text-xs text-hint">
        {t('A new or lower limit applies at once. Raising or removing one later takes 24 hours.')}{' '}
        {t('It counts all your accounts, each converted into its currency.')}
      </p>
      <FormError>{form.formError}</FormError>
      <SubmitButton text={t('Set limit')} pendingText={t('Saving…')} pending={form.pending} disabled={!chosen} onSubmit={form.submit} className="w-full" />
    </form>
  )
}

function BreakForm({ definition, onDone }: { definition: 4 | 5; onDone: () => void }) {
  const choices = EXCLUSION_DAYS[definition]
  const initialValues: { days: string; understood: boolean } = { days: String(choices[0] ?? 1), understood: false }
  const form = useForm({
    initialValues,
    schema: { understood: [accepted()] },
    mutation: useCreateLimit(),
    variables: (values) => ({ definition, days: Number(values.days) }),
    onSuccess: () => {
      showToast({ title: t('{name} started', { name: definitionName(definition) }), tone: 'success' })
      onDone()
    },
  })
  const daysLabel = (days: number) =>
    days >= 365 ? t('{count} years', { count: String(Math.round(days / 365)) }) : days >= 180 ? t('{count} months', { count: String(Math.round(days / 30.4)) }) : t('{count} days', { count: String(days) })
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4">
      <div className="rounded-xl bg-section p-3 text-sm text-fg">
        <p className="font-semibold">{t('What happens')}</p>
        <ul className="mt-1 list-disc pl-5">
          <li>{t('You cannot play or deposit until it ends.')}</li>
          <li>{t('It cannot be shortened or cancelled, by you or by support.')}</li>
          <li>{t('You can still withdraw your balance.')}</li>
          {definition === LIMIT_DEFINITIONS.selfExclusion ? <li>{t('We stop sending you offers.')}</li> : null}
        </ul>
      </div>
      <SelectField
        label={t('Length')}
        name="days"
        value={form.values.days}
        onChange={(next) => {
          form.set('days', next)
        }}
        options={choices.map((days) => ({ value: String(days), label: daysLabel(days) }))}
      />
      <CheckboxField
        name="understood"
        checked={form.values.understood}
        onChange={(checked) => {
          form.set('understood', checked)
        }}
        error={form.errors.understood}
      >
        {t('I understand I cannot undo this.')}
      </CheckboxField>
      <FormError>{form.formError}</FormError>
      <SubmitButton
        text={t('Start {name}', { name: definitionName(definition).toLowerCase() })}
        pendingText={t('Saving…')}
        pending={form.pending}
        onSubmit={form.submit}
        variant="danger"
        className="w-full"
      />
    </form>
  )
}
