import { NoticeModal } from '@/components/notice-modal'
import { t } from '@/lib/i18n'
import type { ModalProps } from '@/lib/modals'

/**
 * How games play on a phone. The spec names the modal without its content; the game page opens it
 * the first time a phone player starts a game in a visit: the game fills the screen and Close game
 * leads back.
 */
export default function MobileGameModal({ zIndex }: ModalProps) {
  return (
    <NoticeModal modal="mobile-game" title={t('Playing on a phone')} zIndex={zIndex}>
      <p>{t('On a phone the game fills the screen. Turn the phone sideways for games made for wide screens.')}</p>
      <p>{t('Tap Close game at the top to come back to the game page.')}</p>
    </NoticeModal>
  )
}
