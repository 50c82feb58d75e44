import { Link } from '@tanstack/react-router'

import { buttonClassName } from '@/components/ui/button'
import { NoticeModal } from '@/components/notice-modal'
import { t } from '@/lib/i18n'
import type { ModalProps } from '@/lib/modals'

/** The platform refused the launch with 451: the game is not licensed in the visitor's country. */
export default function GameGeoRestrictedModal({ zIndex }: ModalProps) {
  return (
    <NoticeModal
      modal="game-geo-restricted"
      title={t('Not available in your country')}
      zIndex={zIndex}
      action={
        <Link to="/games" className={buttonClassName('primary', 'w-full')}>
          {t('Find another game')}
        </Link>
      }
    >
      <p>{t('This game cannot be played from your country. Its provider does not offer it there.')}</p>
    </NoticeModal>
  )
}
