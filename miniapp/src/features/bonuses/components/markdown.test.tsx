import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { Markdown } from '@/features/bonuses/components/markdown'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children, className }: { to: string; children: React.ReactNode; className: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}))

describe('Markdown', () => {
  it('renders headings, emphasis, lists, tables and site links', () => {
    render(
      <Markdown
        source={
          '## Title\n\nUp to **500 USD** on *your* deposit.\n\n- one\n- two\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\nSee [bonuses](/bonuses).'
        }
      />,
    )
    expect(screen.getByRole('heading', { name: 'Title' })).toBeInTheDocument()
    expect(screen.getByText('500 USD').tagName).toBe('STRONG')
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByRole('columnheader', { name: 'A' })).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: '2' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'bonuses' })).toHaveAttribute('href', '/bonuses')
  })

  it('never renders HTML or follows a dangerous link', () => {
    const { container } = render(<Markdown source={'<img src=x onerror=alert(1)> [click](javascript:alert(1))'} />)
    expect(container.querySelector('img')).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>')
  })
})
