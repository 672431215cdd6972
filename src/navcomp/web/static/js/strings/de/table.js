// A table: its frame and status (table.js, table_state.js), its lobby (table_lobby.js), the clocks
// and what follows a time-out (table_clocks.js), the log (table_log.js), the tables waiting for me
// (turns.js), the score sheet (scores.js), the replay (replay.js), and the table's words a game's
// view uses (js/games/). In German.
export default {
  // table.js
  table_closed: "Dieser Tisch wurde geschlossen.",
  watching: "Du schaust zu",
  watching_title: "Du hast keinen Platz an diesem Tisch: du siehst, was alle sehen.",
  last_move: "Zuletzt: {name} — {text}",
  private_game_signed_out: "Nur die Spieler sehen dieses Spiel. Ist einer seiner Plätze deiner, melde dich an, um ihn zu spielen.",
  sign_in_to_play: "Anmelden und deinen Platz spielen",
  // table.js, js/games/
  turn_of: "{name} ist dran",
  // table.js, table_log.js, replay.js
  undo_done: "nahm eine Aktion zurück",
  // table_state.js
  reconnecting: "Verbindung verloren: verbinde neu…",
  // table_state.js, table_lobby.js
  name_you: "{name} (du)",
  // table_lobby.js
  sign_in_to_join: "Melde dich an oder spiele als Gast, um Platz zu nehmen.",
  solo_table: "Ein Solotisch: Du spielst allein. Starte, wenn du bereit bist.",
  status_open: "offen",
  invite_link: "Einladungslink",
  copy: "Kopieren",
  invite_by_name: "Spieler per Name einladen",
  invite: "Einladen",
  seat_bot_label: "Wer spielt Platz {n}",
  start: "Spiel starten",
  leave: "Verlassen",
  // table_clocks.js
  clocks: "Uhren",
  clock_days: "{d} T. {h} Std.",
  clock_hours: "{h} Std. {m} Min.",
  clock_bank: "Reserve {time}",
  time_up_for: "Die Zeit von {name} ist um. Wie geht es weiter?",
  stalled_for: "{name} hat lange nicht gezogen. Ihr könnt den Platz einem Bot geben:",
  time_up_yours: "Deine Zeit ist um: die anderen entscheiden, wie es weitergeht.",
  give_time: "Mehr Zeit geben",
  hand_to_bot: "Einen Bot den Platz spielen lassen",
  claim_game: "Das Spiel beanspruchen",
  resign: "Aufgeben",
  resign_sure: "Ja, endgültig aufgeben",
  vote_abort: "Für das Beenden stimmen",
  you_voted: "Du hast für das Beenden gestimmt",
  votes_n: "{n} von {total} für das Beenden",
  event_time_up: "die Zeit von {name} ist um",
  event_stalled: "{name} hat das Spiel ruhen lassen",
  event_extra_time: "{name} bekam mehr Zeit",
  event_taken_over: "ein Bot spielt jetzt für {name}",
  event_resigned: "{name} hat aufgegeben",
  event_claimed: "die Zeit von {name} ist um: das Spiel wurde beansprucht",
  event_vote: "{name} stimmte für das Beenden",
  event_aborted: "das Spiel wurde per Abstimmung beendet",
  event_abandoned: "das Spiel wurde als verlassen geschlossen",
  claim_sure: "Ja, das Spiel beanspruchen: ich gewinne nach Zeit",
  vote_abort_sure: "Ja, für das Beenden ohne Ergebnis stimmen",
  vote_abort_sure_last: "Ja, das Spiel jetzt ohne Ergebnis beenden",
  event_left: "der letzte Mitspieler ist gegangen: das Spiel endete ohne Ergebnis",
  // table_log.js, replay.js
  log: "Spielverlauf",
  // turns.js
  next_game: "Nächste Partie",
  next_game_title: "Mein Tisch, der am längsten auf mich wartet",
  notify_ask: "Auf dem Desktop melden, wenn ich dran bin",
  notify_on: "Desktop-Benachrichtigungen sind an: Ein Tab im Hintergrund meldet, wenn eine Partie dich braucht.",
  notify_blocked: "Desktop-Benachrichtigungen sind in den Einstellungen dieses Browsers blockiert.",
  // turns.js, js/games/
  your_turn_heading: "Du bist dran",
  // scores.js
  solo_final: "{name}: {n} Punkte",
  solo_final_one: "{name}: 1 Punkt",
  final_score: "Endwertung",
  winner_is: "Gewinner: {name}",
  winners_shared: "Geteilter Sieg: {names}",
  capped: "Das Rundenlimit hat das Spiel beendet.",
  total: "Summe",
  rank: "Platz",
  replay_open: "Partie nachspielen",
  // replay.js
  replay_title: "Wiederholung · Tisch {id}",
  replay_back: "Zurück zum Tisch",
  replay_first: "Anfang",
  replay_prev: "Zurück",
  replay_next: "Weiter",
  replay_last: "Ende",
  replay_step: "Schritt {n} von {of}",
  replay_slider: "Schritt der Wiederholung",
  replay_setup: "Der Spielbeginn",
  // js/games/
  the_position: "Die Stellung",
  waiting_for: "Warte auf {name}",
  choose_action: "Aktion wählen",
  undo: "Rückgängig",
  none: "keine",
  replay_revealed: "Alle Hände, aufgedeckt",
  rules_link: "Regeln",
};
