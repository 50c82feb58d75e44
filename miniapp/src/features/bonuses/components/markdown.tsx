import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/**
 * The platform's content markdown as React elements: headings, paragraphs, lists, tables, bold,
 * italic, code and links. Nothing is parsed as HTML and no markup reaches `innerHTML`, so a text can
 * never inject a script; a link is followed only to a site path or an http(s) address.
 */
export function Markdown({ source }: { source: string }) {
  return <div className="flex flex-col gap-3 text-sm leading-relaxed text-fg">{blocks(source)}</div>
}

function blocks(source: string): ReactNode[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n')
  const out: ReactNode[] = []
  let index = 0
  while (index < lines.length) {
    const line = lines[index] ?? ''
    const key = out.length
    if (line.trim() === '') {
      index += 1
      continue
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line)
    if (heading) {
      const level = Math.min((heading[1] ?? '#').length + 1, 4)
      const Tag = `h${String(level)}` as 'h2' | 'h3' | 'h4'
      out.push(
        <Tag key={key} className="font-bold">
          {inline(heading[2] ?? '')}
        </Tag>,
      )
      index += 1
      continue
    }
    if (line.trimStart().startsWith('|')) {
      const rows: string[][] = []
      while (index < lines.length && (lines[index] ?? '').trimStart().startsWith('|')) {
        const cells = (lines[index] ?? '')
          .trim()
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((cell) => cell.trim())
        if (!cells.every((cell) => /^:?-{2,}:?$/.test(cell))) rows.push(cells)
        index += 1
      }
      const [head, ...body] = rows
      out.push(
        <div key={key} className="overflow-x-auto">
          <table className="w-full border-collapse text-left">
            {head ? (
              <thead>
                <tr>
                  {head.map((cell, column) => (
                    <th key={column} scope="col" className="border-b border-section px-2 py-1 font-semibold">
                      {inline(cell)}
                    </th>
                  ))}
                </tr>
              </thead>
            ) : null}
            <tbody>
              {body.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, column) => (
                    <td key={column} className="border-b border-section px-2 py-1 tabular-nums">
                      {inline(cell)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      )
      continue
    }
    const listItem = /^\s*(?:[-*]|(\d+)\.)\s+/
    if (listItem.test(line)) {
      const ordered = /^\s*\d+\./.test(line)
      const items: string[] = []
      while (index < lines.length && listItem.test(lines[index] ?? '')) {
        items.push((lines[index] ?? '').replace(listItem, ''))
        index += 1
      }
      const List = ordered ? 'ol' : 'ul'
      out.push(
        <List key={key} className={`flex flex-col gap-1 pl-5 ${ordered ? 'list-decimal' : 'list-disc'}`}>
          {items.map((item, itemIndex) => (
            <li key={itemIndex}>{inline(item)}</li>
          ))}
        </List>,
      )
      continue
    }
    const paragraph: string[] = []
    while (
      index < lines.length &&
      (lines[index] ?? '').trim() !== '' &&
      !/^(#{1,4}\s|\s*\||\s*(?:[-*]|\d+\.)\s)/.test(lines[index] ?? '')
    ) {
      paragraph.push(lines[index] ?? '')
      index += 1
    }
    out.push(<p key={key}>{inline(paragraph.join(' '))}</p>)
  }
  return out
}

const INLINE = /\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`|\[([^\]]+)\]\(([^)\s]+)\)/g

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(INLINE)) {
    const at = match.index
    if (at > last) out.push(text.slice(last, at))
    const [, bold, italic, code, label, href] = match
    const key = out.length
    if (bold !== undefined) out.push(<strong key={key}>{inline(bold)}</strong>)
    else if (italic !== undefined) out.push(<em key={key}>{inline(italic)}</em>)
    else if (code !== undefined) out.push(<code key={key}>{code}</code>)
    else if (label !== undefined && href !== undefined) out.push(<MarkdownLink key={key} href={href} label={label} />)
    last = at + match[0].length
  }
  if (last < text.length) out.push(text.slice(last))
  return out
}

function MarkdownLink({ href, label }: { href: string; label: string }) {
  const className = 'font-semibold text-link underline'
  if (href.startsWith('/') && !href.startsWith('//'))
    return (
      <Link to={href} className={className}>
        {label}
      </Link>
    )
  if (/^https?:\/\//i.test(href))
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
        {label}
      </a>
    )
  // Any other scheme (javascript:, data:...) is shown as text, never followed.
  return <>{label}</>
}
