/**
 * The class names of the content pages' layout: the app's components use them, and so do the pages
 * the build pre-renders (`tooling/prerender.ts`), so a pre-rendered page and the app's first render of
 * it lay out alike and nothing moves when the app takes over. Change them here, not in a copy.
 */

/** The default layout's column around `<main>` (app/layouts/default-layout.tsx), drawer expanded. */
export const PAGE_COLUMN_CLASS = 'flex flex-1 flex-col pb-[calc(4.5rem+env(safe-area-inset-bottom))] lg:pb-0'
export const PAGE_COLUMN_DRAWER_CLASS = { compact: 'lg:pl-18', expanded: 'lg:pl-60' } as const
export const MAIN_CLASS = 'mx-auto min-h-dvh w-full max-w-5xl flex-1'

/** One content article: a static page, a bonus page, an answer. */
export const ARTICLE_CLASS = 'flex flex-col gap-4 px-4 py-4'
export const ARTICLE_TITLE_CLASS = { 1: 'text-2xl font-bold text-fg', 2: 'text-lg font-bold text-fg' } as const
export const MARKDOWN_CLASS =
  'markdown flex flex-col gap-3 text-sm leading-relaxed text-fg [&_a]:font-semibold [&_a]:text-link [&_a]:underline [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-bold [&_h3]:font-bold [&_li]:ml-5 [&_ol]:list-decimal [&_table]:w-full [&_table]:text-left [&_td]:border-t [&_td]:border-section [&_td]:py-1 [&_th]:py-1 [&_ul]:list-disc'

/** `/questions`: the list beside (on phones: above) the chosen answer. */
export const QUESTIONS_LAYOUT_CLASS = 'flex flex-col gap-4 px-4 py-4 md:flex-row md:items-start'
export const QUESTIONS_NAV_CLASS = 'flex flex-col gap-3 md:w-72 md:shrink-0'
export const QUESTIONS_LIST_CLASS = 'flex flex-col gap-2'
export const QUESTION_LINK_CLASS =
  'flex min-h-11 items-center rounded-xl bg-section px-4 py-2 text-sm font-semibold text-fg aria-[current=page]:bg-button aria-[current=page]:text-button-fg'
export const QUESTION_ANSWER_CLASS = 'min-w-0 flex-1'
export const NO_QUESTION_CHOSEN_CLASS = 'rounded-xl bg-section px-4 py-3 text-sm text-hint'
