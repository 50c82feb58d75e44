import { useLocation } from '@tanstack/react-router'
import { useState } from 'react'

/**
 * A panel's open state that closes by itself when the full path (path, query, hash) changes, as the
 * spec's drawer does (section 2): it remembers where it was opened and counts as open only there.
 */
export function usePanel(): [boolean, (open: boolean) => void] {
  const href = useLocation({ select: (location) => location.href })
  const [openAt, setOpenAt] = useState<string>()
  return [
    openAt === href,
    (open) => {
      setOpenAt(open ? href : undefined)
    },
  ]
}
