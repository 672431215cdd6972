// Tutorials (tutorial.js, tutorial_runner.js, tutorial_steps.js). In German.
export default {
  // tutorial.js, tutorial_runner.js
  tutorial_title: "Einführung · {game}",
  tutorial_play_again: "Noch einmal spielen",
  // tutorial.js
  tutorial_resume: "Du hast diese Einführung bei Schritt {n} von {of} verlassen.",
  tutorial_continue: "Bei Schritt {n} weitermachen",
  tutorial_start_over: "Von vorn beginnen",
  tutorial_finished: "Du hast diese Einführung abgeschlossen.",
  tutorial_see_end: "Das Ende ansehen",
  tutorial_making: "Die Einführung wird vorbereitet…",
  // tutorial_runner.js
  tutorial_step: "Schritt {n} von {of}",
  tutorial_next: "Weiter",
  tutorial_show_me: "Zeig es mir",
  tutorial_leave: "Verlassen",
  tutorial_restart: "Neu starten…",
  tutorial_from_start: "Von vorn",
  tutorial_from_step: "Ab diesem Schritt",
  tutorial_hide: "Ausblenden",
  tutorial_show: "Einführung",
  tutorial_wait: "Warte, bis du dran bist.",
  tutorial_no_undo: "Zurücknehmen gehört nicht zu diesem Schritt.",
  tutorial_off_script: "Dieses Spiel hat die Schritte der Einführung verlassen: Spiel frei weiter oder starte neu.",
  tutorial_steps_done: "Das war der letzte Schritt des Tutorials. Beende es hier (das Spiel bleibt unter „Meine Spiele“) oder spiele bis zum Ende weiter.",
  tutorial_end: "Tutorial beenden",
  tutorial_play_on: "Bis zum Ende weiterspielen",
  // tutorial_steps.js
  tutorial_read_first: "Lies erst diesen Schritt und drücke dann Weiter.",
};
