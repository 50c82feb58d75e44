import { Dialog } from '@/components/ui/dialog'
import { FormError } from '@/components/ui/form-field'
import { LoadError } from '@/components/ui/load-error'
import { useAvatars, useSetAvatar } from '@/features/profile/api/avatars'
import { failureMessage } from '@/lib/forms/failure'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { haptic } from '@/lib/native'

/** `?avatars`: the pictures to choose from; a tap chooses and closes. */
export default function AvatarsModal({ zIndex }: ModalProps) {
  const modals = useModals()
  const avatars = useAvatars()
  const choose = useSetAvatar()
  const close = () => void modals.close('avatars')
  let body
  if (avatars.isError) body = <LoadError title={t('The pictures did not load')} onRetry={() => void avatars.refetch()} />
  else if (!avatars.data)
    body = (
      <div aria-busy="true" className="grid grid-cols-4 gap-3">
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} aria-hidden="true" className="skeleton aspect-square rounded-full" />
        ))}
      </div>
    )
  else
    body = (
      <>
        <ul className="grid grid-cols-4 gap-3" aria-label={t('Pictures')}>
          {avatars.data.map((avatar) => (
            <li key={avatar.id}>
              <button
                type="button"
                aria-pressed={avatar.isSelected}
                aria-label={avatar.name}
                disabled={choose.isPending}
                onClick={() => {
                  choose.mutate(avatar.id, {
                    onSuccess: () => {
                      haptic('success')
                      close()
                    },
                    onError: () => {
                      haptic('error')
                    },
                  })
                }}
                className="block aspect-square w-full overflow-hidden rounded-full ring-offset-2 ring-offset-bg aria-pressed:ring-2 aria-pressed:ring-accent"
              >
                <img src={avatar.url} alt="" width={72} height={72} loading="lazy" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
        <FormError>{choose.isError ? failureMessage(choose.error) : undefined}</FormError>
      </>
    )
  return (
    <Dialog title={t('Choose a picture')} zIndex={zIndex} onClose={close}>
      {body}
    </Dialog>
  )
}
