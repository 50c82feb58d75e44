export { type ChannelHandler, ChannelRegistry } from '@/lib/realtime/channel-registry'
export { type ConnectionState } from '@/lib/realtime/connection'
export { RealtimeProvider, useChannel, useRealtimeState } from '@/lib/realtime/realtime-provider'
