import { NoticeModal } from '@/components/notice-modal'
import { buttonClassName } from '@/components/ui/button'
import { env } from '@/config/env'
import { t } from '@/lib/i18n'
import type { ModalKey, ModalProps } from '@/lib/modals'
import { openNativeTelegramLink } from '@/lib/native'

/**
 * `tg-news` and `telegram-news`: the project's Telegram news channel. The spec names both keys without
 * telling them apart; here they are one dialog, `tg-news` as the mini app shows it and `telegram-news`
 * as the site does. In Telegram the channel opens inside the messenger; on the web in a new tab.
 */
function NewsModal({ modal, zIndex }: { modal: ModalKey; zIndex: number }) {
  // A https://t.me/ address: the environment's check refuses anything else at start-up.
  const channel = env.VITE_TELEGRAM_NEWS_URL
  const title = t('News on Telegram')
  if (!channel) {
    return (
      <NoticeModal modal={modal} title={title} zIndex={zIndex}>
        <p>{t('There is no news channel yet. News and offers reach you in your notifications.')}</p>
      </NoticeModal>
    )
  }
  const open = (event: { preventDefault: () => void }) => {
    if (openNativeTelegramLink(channel)) event.preventDefault()
  }
  return (
    <NoticeModal
      modal={modal}
      title={title}
      zIndex={zIndex}
      action={
        <a href={channel} target="_blank" rel="noopener noreferrer" onClick={open} className={buttonClassName('primary', 'w-full')}>
          {t('Open the channel')}
        </a>
      }
    >
      <p>{t('New games, tournaments and bonuses first: follow our channel on Telegram.')}</p>
    </NoticeModal>
  )
}

export function TgNewsModal({ zIndex }: ModalProps) {
  return <NewsModal modal="tg-news" zIndex={zIndex} />
}

export function TelegramNewsModal({ zIndex }: ModalProps) {
  return <NewsModal modal="telegram-news" zIndex={zIndex} />
}
