import { Dialog } from '@/components/ui/dialog'
import { QuestGone, useQuestsOrState } from '@/features/quests/components/quest-states'
import { formatIn } from '@/lib/money-in'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { useCurrencies } from '@/lib/settings'

/** `?quest-rewards={questId}`: what completing the quest pays: loyalty points and, for some, a bonus. */
export default function QuestRewardsModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const currencies = useCurrencies()
  const found = useQuestsOrState()
  const quest = found.status === 'ready' ? found.quests.find((candidate) => String(candidate.id) === String(value)) : undefined
  let body = found.status === 'other' ? found.body : <QuestGone />
  if (quest) {
    const { bonus, points } = quest.reward
    const amount = bonus?.amount != null && bonus.currency ? formatIn(bonus.amount, bonus.currency, currencies.data) : undefined
    body = (
      <ul className="flex flex-col gap-2 text-sm">
        {points > 0 ? <li className="rounded-xl bg-section px-4 py-3 font-semibold">{t('{points} loyalty points', { points })}</li> : null}
        {bonus ? (
          <li className="rounded-xl bg-section px-4 py-3 font-semibold">
            {amount ? t('{name}: {amount}', { name: bonus.name, amount }) : bonus.name}
          </li>
        ) : null}
      </ul>
    )
  }
  return (
    <Dialog title={t('Quest rewards')} zIndex={zIndex} onClose={() => void modals.close('quest-rewards')}>
      {body}
    </Dialog>
  )
}
