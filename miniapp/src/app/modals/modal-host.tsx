import { useLocation } from '@tanstack/react-router'
import { lazy, type LazyExoticComponent, Suspense, useEffect } from 'react'

import { useSession } from '@/lib/session'
import { canOpenModal, type ModalKey, type ModalValue, modalZIndex, openModals, useModals } from '@/lib/modals'

export interface ModalProps {
  value: ModalValue
  zIndex: number
}

/**
 * The modals this build can show (`cookie-request` is the cookie popup of the layout); forms and validation load with them, never with the page. Keys in the
 * registry without an implementation here stay in the query and show nothing until their feature lands.
 */
const implementations: Partial<Record<ModalKey, LazyExoticComponent<(props: ModalProps) => React.ReactNode>>> = {
  'code-verify': lazy(() => import('@/app/modals/code-verify-modal')),
  confirm: lazy(() => import('@/app/modals/confirm-modal')),
  'forgot-pass': lazy(() => import('@/app/modals/forgot-pass-modal')),
  'reset-email-send': lazy(() => import('@/app/modals/reset-email-send-modal')),
  'reset-pass': lazy(() => import('@/app/modals/reset-pass-modal')),
  'sign-in': lazy(() => import('@/app/modals/sign-in-modal')),
  'sign-up': lazy(() => import('@/app/modals/sign-up-modal')),
}

/** Shows the modals the URL query opens, stacked from z-index 1000 in steps of 2; drops those the viewer may not see. */
export function ModalHost() {
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> })
  const { state } = useSession()
  const modals = useModals()
  const settled = state.status !== 'restoring'
  const viewer = { signedIn: state.status === 'loggedIn' }
  const open = openModals(search)
  const refused = settled ? open.filter(([key]) => !canOpenModal(key, viewer)).map(([key]) => key) : []
  const refusedKey = refused.join(',')

  useEffect(() => {
    const first = refusedKey.split(',')[0]
    if (first) void modals.close(first as ModalKey, { replace: true })
  }, [refusedKey, modals])

  if (!settled) return null
  return (
    <>
      {open
        .filter(([key]) => !refused.includes(key))
        .map(([key, value], depth) => {
          const Modal = implementations[key]
          return Modal ? (
            <Suspense key={key} fallback={null}>
              <Modal value={value} zIndex={modalZIndex(depth)} />
            </Suspense>
          ) : null
        })}
    </>
  )
}
