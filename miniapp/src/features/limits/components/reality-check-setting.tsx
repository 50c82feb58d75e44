import { useId } from 'react'

import { SelectField } from '@/components/ui/form-field'
import { useRealityCheck, useSetRealityCheck } from '@/features/limits/api/reality-check'
import { REALITY_CHECK_CHOICES } from '@/features/limits/reality-check-timing'
import { failureMessage } from '@/lib/forms/failure'
import { t } from '@/lib/i18n'
import { showToast } from '@/lib/toasts'

/** The reminder interval, saved as it is chosen; the platform keeps it, so every device reminds alike. */
export function RealityCheckSetting() {
  const check = useRealityCheck()
  const set = useSetRealityCheck()
  const id = useId()
  const current = check.data?.intervalMinutes ?? null
  const choices: readonly number[] = current === null || (REALITY_CHECK_CHOICES as readonly number[]).includes(current) ? REALITY_CHECK_CHOICES : [current, ...REALITY_CHECK_CHOICES]
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
      <h2 id={id} className="text-base font-bold text-fg">
        {t('Reality check')}
      </h2>
      <p className="text-sm text-hint">{t('While you play, a reminder shows how long you have played and what you have won or lost.')}</p>
      <SelectField
        label={t('Remind me')}
        name="realityCheck"
        value={current === null ? 'off' : String(current)}
        disabled={!check.data || set.isPending}
        onChange={(value) => {
          const next = value === 'off' ? null : Number(value)
          set.mutate(next, {
            onSuccess: () => {
              showToast({ title: next === null ? t('Reminders off') : t('Reminder every {minutes} minutes', { minutes: String(next) }), tone: 'success' })
            },
            onError: (error) => {
              showToast({ title: failureMessage(error), tone: 'error' })
            },
          })
        }}
        options={[
          { value: 'off', label: t('Never') },
          ...choices.map((minutes) => ({ value: String(minutes), label: t('Every {minutes} minutes', { minutes: String(minutes) }) })),
        ]}
      />
    </section>
  )
}
