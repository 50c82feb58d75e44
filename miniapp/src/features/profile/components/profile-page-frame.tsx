import type { ReactNode } from 'react'

/** One page of the profile area: its heading (the page's one h1) and its body. */
export function ProfilePageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="profile-page-title" className="flex flex-col gap-4">
      <h1 id="profile-page-title" className="text-2xl font-bold text-fg">
        {title}
      </h1>
      {children}
    </section>
  )
}

/** The shape of a profile page while its data loads. */
export function ProfileSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} aria-hidden="true" className="skeleton h-16 rounded-2xl" />
      ))}
    </div>
  )
}
