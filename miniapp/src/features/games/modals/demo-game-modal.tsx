import { NoticeModal } from '@/components/notice-modal'
import { t } from '@/lib/i18n'
import type { ModalProps } from '@/lib/modals'

/** What demo mode is: opened from the game page's "What is demo?". */
export default function DemoGameModal({ zIndex }: ModalProps) {
  return (
    <NoticeModal modal="demo-game" title={t('Demo mode')} zIndex={zIndex}>
      <p>{t('In demo mode you play with virtual money: nothing is taken from your balance and nothing is paid into it.')}</p>
      <p>{t('The game works as in real play, so you can learn it before you bet. Anyone can play demo, signed in or not.')}</p>
    </NoticeModal>
  )
}
