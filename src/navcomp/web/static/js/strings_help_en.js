// The players' help page (#/help, js/help.js) in English.
export default {
  help_title: "Help for players: clocks, leaving a game, ratings",
  help_paces_h: "Paces",
  help_paces: "Whoever creates a table picks its pace.\nLive: each player has a time bank (for example 5, 10 or 20 minutes) and gets a few seconds back after each turn; the bank never grows above its start.\nTurn-based: each turn may take a set time (from 12 hours to 7 days); a longer turn draws on the player's bank of days. When a quarter of your turn's time is left, you are told (in your notices, and by mail if you want it).\nNo clock: nobody is hurried, but a game in which nobody has moved for the chosen number of days (21 unless the host chose otherwise) has stalled.\nA solo table, or a table of one person and bots, has no clock. Only the player to move uses time; a bot's thinking costs nobody anything. The server keeps the time: the clocks on the page follow it.",
  help_time_up_h: "When time runs out",
  help_time_up: "When a player's time is up, the others are told (on the table and in their notices) and choose: give more time (once a turn), or let a bot play the seat for the rest of the game. In a game of two the other player may claim the game instead.\nIf nobody chooses within one more turn's time, a bot takes the seat. The bot plays at the medium level and sees only what the seat may see. A seat taken over is marked at the table, in the log and in the result, and its player cannot come back into it.",
  help_stalled_h: "Stalled games",
  help_stalled: "In a game without clock, once nobody has moved for the stall period the others may hand the silent seat to a bot. A stalled game in which nobody else is active is closed as abandoned.",
  help_resign_h: "Resigning",
  help_resign: "You may leave a running game with Resign. In a game of two the other player wins and the game ends; with more players a bot takes your seat and the game goes on.",
  help_vote_h: "Voting to end a game",
  help_vote: "Every person still at the table may vote to end the game. When all of them have voted, the game ends without a result.",
  help_ratings_h: "Ratings",
  help_ratings: "A rated table (its host ticks Rated when creating it) changes the rating of everyone at it when the game ends. Only accounts play rated games: a guest, a solo table or a tutorial is never rated.\nThe game counts as one result with a place for each seat; players with the same score share their place. Whoever resigned, ran out of time or had their seat taken over by a bot counts as last. A game ended by a vote or a round limit changes nobody's rating.\nThe figure shown is cautious: it starts at 0 and grows as the games show how strong you are (40 × (skill − 3 × uncertainty)). For your first five rated games it is marked with ?.\nBots have ratings too, one per level, from their rated games against people: compare yours with theirs on a game's leaderboard (Ratings in the lobby). Your ratings and their history are on your player page.",
};
