import { Outlet } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/** No header or navigation: for screens that stand alone, such as the error page. */
export function EmptyLayout({ children }: { children?: ReactNode }) {
  return (
    <main
      id="main"
      className="grid min-h-dvh place-items-center pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)]"
    >
      {children ?? <Outlet />}
    </main>
  )
}
