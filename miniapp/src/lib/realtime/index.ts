

export { RealtimeProvider, useChannel, useRealtimeState } from '@/lib/realtime/realtime-provider'
