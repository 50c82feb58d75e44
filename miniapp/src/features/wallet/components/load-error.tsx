/** Moved to the shared UI tier when the retention screens needed it too. */
export { LoadError } from '@/components/ui/load-error'
