/** Moved to the shared tier (`lib/money-in.ts`) when the bonuses needed it too. */
export { formatIn } from '@/lib/money-in'
