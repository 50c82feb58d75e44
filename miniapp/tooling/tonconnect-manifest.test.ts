import { describe, expect, it } from 'vitest'

import { tonConnectManifest } from './tonconnect-manifest'

describe('the TON Connect manifest', () => {
  it('names the app, its origin and its PNG icon there', () => {
    expect(tonConnectManifest({ VITE_APP_URL: 'https://casino.example/', VITE_APP_NAME: 'Casino' })).toEqual({
      url: 'https://casino.example',
      name: 'Casino',
      iconUrl: 'https://casino.example/tonconnect-icon.png',
    })
  })

  it('defaults to the local stack and the app’s default name', () => {
    expect(tonConnectManifest({})).toEqual({ url: 'http://127.0.0.1:8080', name: 'Sandbox Casino', iconUrl: 'http://127.0.0.1:8080/tonconnect-icon.png' })
  })

  it('refuses an address with a path or no scheme', () => {
    expect(() => tonConnectManifest({ VITE_APP_URL: 'casino.example' })).toThrow(/VITE_APP_URL/)
    expect(() => tonConnectManifest({ VITE_APP_URL: 'https://casino.example/app' })).toThrow(/VITE_APP_URL/)
  })
})
