import { useEffect, useRef } from 'react'

import { saveChatRestoreId } from '@/features/chat/api/save-chat-restore-id'
import { type ChatUser, type FcWidget, loadChatWidget, restoreIdOf, unreadCountOf } from '@/features/chat/widget'
import type { Profile } from '@/lib/api-types'
import { connectChat, setChatUnread } from '@/lib/chat'

export interface ChatPlayer {
  id: number
  restoreId: string | null
  firstName: string | null
  lastName: string | null
  email: string | null
  phone: string | null
  locale: string
}

export interface LiveChatProps {
  host: string
  token: string
  /** The signed-in player, or undefined for a guest (the chat serves guests too). */
  player: ChatPlayer | undefined
  /** What the chat's agents see of the player's state (account, balance, bonuses), refreshed as it changes. */
  details: Readonly<Record<string, string>>
  /** The profile as saved with a new restore id. */
  onProfile: (profile: Profile) => void
}

function userOf(player: ChatPlayer | undefined): ChatUser {
  if (!player) return {}
  const user: ChatUser = { externalId: String(player.id), locale: player.locale }
  if (player.restoreId) user.restoreId = player.restoreId
  if (player.firstName) user.firstName = player.firstName
  if (player.lastName) user.lastName = player.lastName
  if (player.email) user.email = player.email
  if (player.phone) user.phone = player.phone
  return user
}

/** What `setProperties` refreshes: the player's names and contacts and the details (ids stay as started). */
function propertiesOf(player: ChatPlayer | undefined, details: Readonly<Record<string, string>>): Record<string, string> {
  const user = userOf(player)
  const properties: Record<string, string> = { ...details }
  for (const key of ['firstName', 'lastName', 'email', 'phone', 'locale'] as const) {
    const value = user[key]
    if (value !== undefined) properties[key] = value
  }
  return properties
}

/**
 * The live chat (spec section 4, "Chat widget"): the operator's widget, started hidden (the app's own
 * buttons open it), with the player synced on load; a new chat user's restore id saved to the profile
 * (a failure only logged); the player's details refreshed as they change; the unread count tracked.
 * Signing out clears the chat's user and destroys the widget, which starts again for the guest; signing
 * in starts it again for the player. A widget that does not load leaves the app as it was.
 */
export default function LiveChat({ host, token, player, details, onProfile }: LiveChatProps) {
  const widget = useRef<FcWidget>(undefined)
  const latest = useRef({ player, details, onProfile })
  useEffect(() => {
    latest.current = { player, details, onProfile }
  })

  // Load once, listen once, start for whoever is there.
  useEffect(() => {
    let cancelled = false
    const start = (fc: FcWidget) => {
      fc.init({ token, host, ...userOf(latest.current.player), config: { headerProperty: { hideChatButton: true } } })
      connectChat(() => {
        fc.open()
      })
    }
    loadChatWidget(host).then(
      (fc) => {
        if (cancelled) return
        widget.current = fc
        fc.on('user:created', (payload) => {
          const restoreId = restoreIdOf(payload)
          if (!restoreId || !latest.current.player || latest.current.player.restoreId === restoreId) return
          saveChatRestoreId(restoreId).then(latest.current.onProfile, (error: unknown) => {
            console.warn('[chat] the restore id was not saved', error)
          })
        })
        fc.on('unreadCount:notify', (payload) => {
          setChatUnread(unreadCountOf(payload))
        })
        // Destroyed on a change of player: it starts again for the one now here (guests included).
        fc.on('widget:destroyed', () => {
          if (!cancelled) start(fc)
        })
        start(fc)
      },
      (error: unknown) => {
        console.warn('[chat] the widget did not load', error)
      },
    )
    return () => {
      cancelled = true
      connectChat(undefined)
      widget.current?.destroy()
      widget.current = undefined
    }
  }, [host, token])

  // A different player (or none): the chat's user is cleared and the widget starts again.
  const playerId = player?.id
  const shownPlayer = useRef(playerId)
  useEffect(() => {
    const fc = widget.current
    if (shownPlayer.current === playerId) return
    const signedOut = shownPlayer.current !== undefined
    shownPlayer.current = playerId
    if (!fc?.isInitialized()) return
    connectChat(undefined)
    setChatUnread(0)
    const destroy = () => {
      fc.destroy()
    }
    if (signedOut) fc.user.clear().then(destroy, destroy)
    else destroy()
  }, [playerId])

  // The player's details as they change (profile, account, bonuses).
  const properties = JSON.stringify(propertiesOf(player, details))
  useEffect(() => {
    const fc = widget.current
    if (!fc?.isInitialized() || properties === '{}') return
    fc.user.setProperties(JSON.parse(properties) as Record<string, string>).catch((error: unknown) => {
      console.warn('[chat] the player details were not updated', error)
    })
  }, [properties])

  return null
}
