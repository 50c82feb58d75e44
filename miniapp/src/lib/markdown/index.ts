export { isExternalAddress } from '@/lib/markdown/addresses'
export { loadMarkdownRenderer, Markdown } from '@/lib/markdown/markdown'
