import { Button } from '@/components/ui/button'
import { type PlayerBonusCode, useRemoveBonusCode } from '@/features/bonuses/api/bonus-codes'
import { failureMessage } from '@/lib/forms'
import { t } from '@/lib/i18n'
import { showToast } from '@/lib/toasts'

/** Codes applied that wait for their deposit, each removable (the code may then be applied again). */
export function BonusCodeList({ codes }: { codes: readonly PlayerBonusCode[] }) {
  const remove = useRemoveBonusCode()
  return (
    <ul className="flex flex-col gap-2">
      {codes.map((code) => (
        <li key={code.playerBonusCodeId} className="flex items-center gap-3 rounded-2xl bg-section px-4 py-3 text-sm">
          <span className="flex-1 font-mono font-semibold text-fg">{code.bonusCode}</span>
          <Button
            variant="secondary"
            disabled={remove.isPending}
            aria-label={t('Remove code {code}', { code: code.bonusCode })}
            onClick={() => {
              remove.mutate(code.playerBonusCodeId, {
                onError: (error) => showToast({ title: failureMessage(error), tone: 'error' }),
              })
            }}
          >
            {t('Remove')}
          </Button>
        </li>
      ))}
    </ul>
  )
}
