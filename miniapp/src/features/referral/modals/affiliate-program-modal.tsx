import { Dialog } from '@/components/ui/dialog'
import { useReferralProgramme } from '@/features/referral/api/get-programme'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { useSession } from '@/lib/session'

/** `?affiliate-program`: how the referral programme works (open to anyone; the share comes from the platform when signed in). */
export default function AffiliateProgramModal({ zIndex }: ModalProps) {
  const modals = useModals()
  const { state } = useSession()
  const programme = useReferralProgramme(state.status === 'loggedIn')
  const percent = programme.data?.sharePercent
  return (
    <Dialog title={t('How the referral programme works')} zIndex={zIndex} onClose={() => void modals.close('affiliate-program')}>
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm">
        <li>{t('Share your invite link with friends.')}</li>
        <li>{t('A friend who opens it and joins is linked to you.')}</li>
        <li>
          {percent === undefined
            ? t('Every deposit they make earns you a share of it.')
            : t('Every deposit they make earns you {percent}% of it.', { percent })}
        </li>
        <li>{t('Move your earnings to your balance whenever you like.')}</li>
      </ol>
    </Dialog>
  )
}
