/** The shared tier's `formatIn` (`lib/money-in.ts`), which the bonuses use too. */
export { formatIn } from '@/lib/money-in'
