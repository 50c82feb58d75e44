import { useId } from 'react'

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
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
      <h2 id={`${id}-title`} className="text-base font-bold text-fg">
        {t('Reality check')}
      </h2>
      <p className="text-sm text-hint">{t('While you play, a reminder shows how long you have played and what you have won or lost.')}</p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {t('Remind me')}
        </label>
        <select
          id={id}
          value={current === null ? 'off' : String(current)}
          disabled={!check.data || set.isPending}
          onChange={(event) => {
            const next = event.target.value === 'off' ? null : Number(event.target.value)
            set.mutate(next, {
              onSuccess: () => {
                showToast({ title: next === null ? t('Reminders off') : t('Reminder every {minutes} minutes', { minutes: String(next) }), tone: 'success' })
              },
              onError: (error) => {
                showToast({ title: failureMessage(error), tone: 'error' })
              },
            })
          }}
          className="min-h-11 rounded-xl border border-section bg-bg px-3 text-base text-fg"
        >
          <option value="off">{t('Never')}</option>
          {choices.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {t('Every {minutes} minutes', { minutes: String(minutes) })}
            </option>
          ))}
        </select>
      </div>
    </section>
  )
}
