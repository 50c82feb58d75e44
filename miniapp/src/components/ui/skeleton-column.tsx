import type { ReactNode } from 'react'

/**
 * Grey blocks in the shape of content still loading, one under another; `blocks` gives each
 * block's size and corners. A `busy` column is marked busy (with `status` read out, if given)
 * and only its blocks are hidden from screen readers; otherwise the whole column is hidden.
 */
export function SkeletonColumn({ blocks, className, busy = false, status, children }: { blocks: readonly string[]; className: string; busy?: boolean; status?: string; children?: ReactNode }) {
  return (
    <div aria-busy={busy ? true : undefined} aria-hidden={busy ? undefined : true} className={`flex flex-col ${className}`}>
      {status ? (
        <p role="status" className="sr-only">
          {status}
        </p>
      ) : null}
      {blocks.map((block, index) => (
        // The blocks never move or change: their place is their identity.
        <div key={index} aria-hidden={busy ? true : undefined} className={`skeleton ${block}`} />
      ))}
      {children}
    </div>
  )
}
