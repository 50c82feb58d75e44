/** The shared UI tier's load error, which the retention screens use too. */
export { LoadError } from '@/components/ui/load-error'
