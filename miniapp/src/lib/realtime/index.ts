export { gameBetsChannel, gameSpinsChannel } from '@/lib/realtime/channels'
export { RealtimeProvider, useChannel, useRealtimeState } from '@/lib/realtime/realtime-provider'
