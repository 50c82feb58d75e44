/** `game:spins#{playerId}`: the player's real-money spins (spec section 7). */
export const gameSpinsChannel = (playerId: number) => `game:spins#${String(playerId)}`

/** `game:bets#{playerId}`: the player's bets and refused bets (spec section 7). */
export const gameBetsChannel = (playerId: number) => `game:bets#${String(playerId)}`
