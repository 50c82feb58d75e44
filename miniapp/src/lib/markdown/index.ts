export { Markdown } from '@/lib/markdown/markdown'
export { isExternalAddress, renderMarkdown } from '@/lib/markdown/render'
