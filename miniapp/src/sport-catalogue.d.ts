/** The operator's sport catalogue, validated at build time (`tooling/sport-catalogue-plugin.ts`). */
declare module 'virtual:sport-catalogue' {
  const sports: readonly import('@/features/sportsbook/sport-catalogue').CatalogueSport[]
  export default sports
}
