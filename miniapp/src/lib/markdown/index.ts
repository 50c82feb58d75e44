
export { loadMarkdownRenderer, Markdown } from '@/lib/markdown/markdown'
