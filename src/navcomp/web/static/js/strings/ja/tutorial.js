// Tutorials (tutorial.js, tutorial_runner.js, tutorial_steps.js). In Japanese.
export default {
  // tutorial.js, tutorial_runner.js
  tutorial_title: "チュートリアル・{game}",
  tutorial_play_again: "もう一度遊ぶ",
  // tutorial.js
  tutorial_resume: "このチュートリアルはステップ {n} / {of} で中断しています。",
  tutorial_continue: "ステップ {n} から続ける",
  tutorial_start_over: "最初からやり直す",
  tutorial_finished: "このチュートリアルは完了しました。",
  tutorial_see_end: "最後を見る",
  tutorial_making: "チュートリアルを準備しています…",
  // tutorial_runner.js
  tutorial_step: "ステップ {n} / {of}",
  tutorial_next: "次へ",
  tutorial_show_me: "場所を見る",
  tutorial_leave: "やめる",
  tutorial_restart: "やり直す…",
  tutorial_from_start: "最初から",
  tutorial_from_step: "このステップから",
  tutorial_hide: "隠す",
  tutorial_show: "チュートリアル",
  tutorial_wait: "あなたの番を待ってください。",
  tutorial_no_undo: "このステップでは取り消しはできません。",
  tutorial_off_script: "このゲームはチュートリアルの手順から外れました。自由に続けるか、やり直してください。",
  tutorial_steps_done: "これでチュートリアルの最後のステップです。ここで終える（ゲームは「自分のゲーム」に残ります）か、ゲームの最後まで続けてください。",
  tutorial_end: "チュートリアルを終える",
  tutorial_play_on: "最後まで続ける",
  // tutorial_steps.js
  tutorial_read_first: "まずこのステップを読んで、「次へ」を押してください。",
};
