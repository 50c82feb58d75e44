import type { ReactNode } from 'react'

export interface StateMessageProps {
  title: string
  description: string
  /** The next step: a retry, a refresh or a link elsewhere. */
  action?: ReactNode
  /** `alert` for failures, so assistive technology announces them. */
  role?: 'alert' | 'status'
}

/** The body of an empty or error state: what happened, and what the player can do next. */
export function StateMessage({ title, description, action, role = 'status' }: StateMessageProps) {
  return (
    <div role={role} className="mx-auto flex max-w-sm flex-col items-center gap-2 px-6 py-12 text-center">
      <p className="text-base font-semibold text-fg">{title}</p>
      <p className="text-sm text-hint">{description}</p>
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  )
}
