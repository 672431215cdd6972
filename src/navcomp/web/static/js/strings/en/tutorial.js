// Tutorials (tutorial.js, tutorial_runner.js, tutorial_steps.js). In English.
export default {
  // tutorial.js, tutorial_runner.js
  tutorial_title: "Tutorial · {game}",
  tutorial_play_again: "Play it again",
  // tutorial.js
  tutorial_resume: "You left this tutorial at step {n} of {of}.",
  tutorial_continue: "Continue at step {n}",
  tutorial_start_over: "Start over",
  tutorial_finished: "You have finished this tutorial.",
  tutorial_see_end: "See the end",
  tutorial_making: "Setting up the tutorial…",
  // tutorial_runner.js
  tutorial_step: "Step {n} of {of}",
  tutorial_next: "Next",
  tutorial_show_me: "Show me",
  tutorial_leave: "Leave",
  tutorial_restart: "Restart…",
  tutorial_from_start: "From the start",
  tutorial_from_step: "From this step",
  tutorial_hide: "Hide",
  tutorial_show: "Tutorial",
  tutorial_wait: "Wait for your turn.",
  tutorial_no_undo: "Undo is not part of this step.",
  tutorial_off_script: "This game has left the tutorial's steps: play on freely, or restart.",
  tutorial_steps_done: "That was the tutorial's last step. End it here (the game stays in My games), or play on to the end of the game.",
  tutorial_end: "End the tutorial",
  tutorial_play_on: "Play on to the end",
  // tutorial_steps.js
  tutorial_read_first: "First read this step, then press Next.",
};
