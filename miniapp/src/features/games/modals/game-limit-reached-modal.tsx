import { buttonClassName } from '@/components/ui/button'
import { NoticeModal } from '@/components/notice-modal'
import { currentLocale, localizePath, t } from '@/lib/i18n'
import type { ModalProps } from '@/lib/modals'

/**
 * The platform refused the launch with 409: a self-exclusion, a cooling-off or a limit stops play.
 * The limits page belongs to the profile area (`/profile/limits`, spec section 2), a full page load
 * away while its screen is another feature's.
 */
export default function GameLimitReachedModal({ zIndex }: ModalProps) {
  return (
    <NoticeModal
      modal="game-limit-reached"
      title={t('You have reached a limit')}
      zIndex={zIndex}
      action={
        <a href={localizePath('/profile/limits', currentLocale())} className={buttonClassName('primary', 'w-full')}>
          {t('See your limits')}
        </a>
      }
    >
      <p>{t('Your responsible gaming limits stop real-money play for now.')}</p>
      <p>{t('Limits you set yourself, such as a self-exclusion or a cooling-off, last until the date they end.')}</p>
    </NoticeModal>
  )
}
