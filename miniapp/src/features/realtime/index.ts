export { type ChannelHandler, ChannelRegistry } from '@/features/realtime/channel-registry'
export { type ConnectionState } from '@/features/realtime/connection'
export { RealtimeProvider, useChannel, useRealtimeState } from '@/features/realtime/realtime-provider'
