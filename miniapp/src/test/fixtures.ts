import type { Account, Currency, Game, GameCollection, PageMeta, Profile, Schemas } from '@/lib/api-types'

export function collection(identity: string, name: string, overrides: Partial<GameCollection> = {}): GameCollection {
  return { id: identity.length, identity, name, isHidden: false, countries: [], gamesCount: 2, ...overrides }
}

export function game(id: number, name: string): Game {
  const identity = name.toLowerCase().replaceAll(' ', '-')
  const images = (ratio: string) => ({
    '1x': `/api/sandbox/images/games/${identity}/${ratio}/1x.jpg`,
    '2x': `/api/sandbox/images/games/${identity}/${ratio}/2x.jpg`,
    '3x': `/api/sandbox/images/games/${identity}/${ratio}/3x.jpg`,
  })
  return {
    id,
    identity,
    name,
    provider: { id: 1, identity: 'sandbox-studio', name: 'Sandbox Studio' },
    category: 'slots',
    features: [],
    hasDemo: true,
    releasedOn: '2024-01-01',
    images: { '1x1': images('1x1'), '3x4': images('3x4') },
  }
}

export function page<T>(data: T[]): { data: T[]; meta: PageMeta } {
  return { data, meta: { page: 1, perPage: 12, totalPages: 1, totalRows: data.length } }
}

/** What the API mock serves unless a test says otherwise. */
export const catalogue = {
  collections: [
    collection('popular', 'Popular'),
    collection('new', 'New'),
    collection('staff-picks', 'Staff Picks', { isHidden: true }),
  ],
  games: {
    popular: [game(101, 'Lucky Sevens'), game(102, 'Golden Pharaoh')],
    new: [game(201, 'Neon Drift')],
    'staff-picks': [game(301, 'Secret Vault')],
  } as Record<string, Game[]>,
}

export const currencies = [
  { code: 'USD', type: 'fiat', symbol: '$', subunitToUnit: 100, rate: { rate: '1' }, subCurrencies: [], isEnabled: true, isBase: true },
  {
    code: 'BTC',
    type: 'crypto',
    symbol: '₿',
    subunitToUnit: 100_000_000,
    rate: { rate: '65000' },
    subCurrencies: [{ code: 'mBTC', subunitToUnit: 100_000 }],
    isEnabled: true,
    isBase: false,
  },
  { code: 'EUR', type: 'fiat', symbol: '€', subunitToUnit: 100, rate: { rate: '1.08' }, subCurrencies: [], isEnabled: false, isBase: false },
] satisfies Currency[]

export const profile = {
  id: 42,
  email: 'ana@example.com',
  phone: null,
  nickname: null,
  firstName: null,
  lastName: null,
  tgUserId: null,
  language: 'en',
  country: 'BR',
  locale: 'en',
  isEmailVerified: true,
  isPhoneVerified: false,
  receiveEmailPromo: false,
  receiveSmsPromo: false,
  hasSecurityAnswer: false,
  receiveBonus: false,
  verificationStatus: 'none',
  isNewlyRegistered: false,
} satisfies Profile

export const accounts = [
  { id: 1, currency: 'USD', balance: 12_345, status: 1 },
  { id: 2, currency: 'BTC', balance: 1_500_000, status: 0 },
] satisfies Account[]

/** The sandbox platform's constants (`GET /settings/constants`). */
export const constants: Schemas['Constants'] = {
  playerStatuses: { active: 1, blocked: 2 },
  invoiceStatuses: { pending: 1, success: 2, failure: 3 },
  invoiceTypes: { deposit: 1, withdrawal: 2 },
  betStatuses: { pending: 1, won: 2, lost: 3, refunded: 4 },
  documentStatuses: { pending: 1, approved: 2, rejected: 3 },
  bonusStatuses: { issued: 1, active: 2, finished: 3 },
  bonusResults: { played: 2, canceled: 3, expired: 4, expiredByTime: 5 },
  freeSpinStatuses: { issued: 1, active: 2, finished: 3 },
  freeSpinResults: { played: 2, canceled: 3, expired: 4 },
  bonusCodeStatuses: { waiting: 1, used: 2, incorrect: 3, notAvailable: 4 },
  questStates: { issued: 1, active: 2, completed: 3, expired: 5, cancelled: 6 },
  limitDefinitions: { bet: 1, loss: 2, deposit: 3, selfExclusion: 4, coolingOff: 5 },
  limitPeriods: ['daily', 'weekly', 'monthly'],
  notificationStates: { unread: 1, read: 2 },
  accountStatuses: { active: 1, inactive: 2 },
}
