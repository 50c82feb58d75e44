import { describe, expect, it } from 'vitest'

import { type BundleView, serviceWorkerSource, shellFiles } from './service-worker-plugin'

const chunk = (fileName: string, imports: string[], isEntry = false, css: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  isEntry,
  imports,
  viteMetadata: { importedCss: new Set(css) },
})

describe('the service worker of a build', () => {
  it('caches the first screen: the HTML, the entry with what it imports statically, their CSS, the manifest and icon; not lazy chunks', () => {
    const bundle: BundleView = {
      'assets/index-a.js': chunk('assets/index-a.js', ['assets/app-b.js'], true),
      'assets/app-b.js': chunk('assets/app-b.js', ['assets/framework-c.js'], false, ['assets/app-d.css']),
      'assets/framework-c.js': chunk('assets/framework-c.js', []),
      // Circular imports do not loop.
      'assets/games-e.js': chunk('assets/games-e.js', ['assets/app-b.js']),
      'assets/app-d.css': { type: 'asset' },
    }
    expect(shellFiles(bundle)).toEqual([
      '/',
      '/assets/index-a.js',
      '/assets/app-b.js',
      '/assets/app-d.css',
      '/assets/framework-c.js',
      '/manifest.webmanifest',
      '/favicon.svg',
    ])
  })

  it('names its cache after the build, with the shell in place of the template’s constants', () => {
    const source = serviceWorkerSource('build-7', ['/', '/assets/a.js'])
    expect(source).toContain('const BUILD_ID = "build-7"')
    expect(source).toContain('const SHELL = ["/","/assets/a.js"]')
    expect(source).not.toContain('__BUILD_ID__')
    expect(source).not.toContain('__SHELL__')
    // The API, the sandbox and the build manifest are never the worker's.
    expect(source).toContain("const PASS_THROUGH = ['/api/', '/sandbox/', '/builds/']")
  })
})
