// A table: its frame and status (table.js, table_state.js), its lobby (table_lobby.js), the clocks
// and what follows a time-out (table_clocks.js), the log (table_log.js), the tables waiting for me
// (turns.js), the score sheet (scores.js), the replay (replay.js), and the table's words a game's
// view uses (js/games/). In English.
export default {
  // table.js
  table_closed: "This table was closed.",
  watching: "You are watching",
  watching_title: "You have no seat at this table: you see what everyone sees.",
  last_move: "Last: {name} — {text}",
  private_game_signed_out: "Only the players see this game. If one of its seats is yours, sign in to play your seat.",
  sign_in_to_play: "Sign in to play your seat",
  // table.js, js/games/
  turn_of: "{name} to play",
  // table.js, table_log.js, replay.js
  undo_done: "took back an action",
  // table_state.js
  reconnecting: "Connection lost: reconnecting…",
  // table_state.js, table_lobby.js
  name_you: "{name} (you)",
  // table_lobby.js
  sign_in_to_join: "Sign in or play as a guest to take a seat.",
  solo_table: "A solo table: you play alone. Start when you are ready.",
  status_open: "open",
  invite_link: "Invite link",
  copy: "Copy",
  invite_by_name: "Invite a player by name",
  invite: "Invite",
  seat_bot_label: "Who plays seat {n}",
  start: "Start the game",
  leave: "Leave",
  // table_clocks.js
  clocks: "Clocks",
  clock_days: "{d} d {h} h",
  clock_hours: "{h} h {m} min",
  clock_bank: "bank {time}",
  time_up_for: "Time is up for {name}. Choose what follows:",
  stalled_for: "{name} has not moved for a long time. You may hand the seat to a bot:",
  time_up_yours: "Your time is up: the others choose what follows.",
  give_time: "Give more time",
  hand_to_bot: "Let a bot play the seat",
  claim_game: "Claim the game",
  resign: "Resign",
  resign_sure: "Yes, resign for good",
  vote_abort: "Vote to end the game",
  you_voted: "You voted to end the game",
  votes_n: "{n} of {total} voted to end",
  event_time_up: "time is up for {name}",
  event_stalled: "{name} let the game stall",
  event_extra_time: "{name} was given more time",
  event_taken_over: "a bot now plays for {name}",
  event_resigned: "{name} resigned",
  event_claimed: "{name}'s time is up: the game was claimed",
  event_vote: "{name} voted to end the game",
  event_aborted: "the game was ended by a vote",
  event_abandoned: "the game was closed as abandoned",
  claim_sure: "Yes, claim the game: I win on time",
  vote_abort_sure: "Yes, vote to end the game without a result",
  vote_abort_sure_last: "Yes, end the game now, without a result",
  event_left: "the last player left: the game ended without a result",
  // table_log.js, replay.js
  log: "Game log",
  // turns.js
  next_game: "Next game",
  next_game_title: "My table that has waited longest for me",
  notify_ask: "Tell me on the desktop when it is my turn",
  notify_on: "Desktop notifications are on: a tab in the background tells you when a game needs you.",
  notify_blocked: "Desktop notifications are blocked in this browser's settings.",
  // turns.js, js/games/
  your_turn_heading: "Your turn",
  // scores.js
  solo_final: "{name}: {n} points",
  solo_final_one: "{name}: 1 point",
  final_score: "Final score",
  winner_is: "The winner: {name}",
  winners_shared: "Shared victory: {names}",
  capped: "The round limit ended the game.",
  total: "Total",
  rank: "Rank",
  replay_open: "Replay the game",
  // replay.js
  replay_title: "Replay · table {id}",
  replay_back: "Back to the table",
  replay_first: "First",
  replay_prev: "Previous",
  replay_next: "Next",
  replay_last: "Last",
  replay_step: "Step {n} of {of}",
  replay_slider: "Step of the replay",
  replay_setup: "The start of the game",
  // js/games/
  the_position: "The position",
  waiting_for: "Waiting for {name}",
  choose_action: "Choose an action",
  undo: "Undo",
  none: "none",
  replay_revealed: "Every hand, revealed",
  rules_link: "Rules",
};
