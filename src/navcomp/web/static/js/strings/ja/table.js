// A table: its frame and status (table.js, table_state.js), its lobby (table_lobby.js), the clocks
// and what follows a time-out (table_clocks.js), the log (table_log.js), the tables waiting for me
// (turns.js), the score sheet (scores.js), the replay (replay.js), and the table's words a game's
// view uses (js/games/). In Japanese.
export default {
  // table.js
  table_closed: "このテーブルは閉じられました。",
  watching: "観戦中",
  watching_title: "このテーブルに席はありません。全員に見える情報だけが表示されます。",
  last_move: "直前：{name} — {text}",
  private_game_signed_out: "このゲームを見られるのはプレイヤーだけです。席があなたのものなら、サインインしてプレイしてください。",
  sign_in_to_play: "サインインして自分の席でプレイ",
  // table.js, js/games/
  turn_of: "{name} の番",
  // table.js, table_log.js, replay.js
  undo_done: "アクションを取り消した",
  // table_state.js
  reconnecting: "接続が切れました：再接続中…",
  // table_state.js, table_lobby.js
  name_you: "{name}（あなた）",
  // table_lobby.js
  sign_in_to_join: "席に着くにはログインするかゲストで遊んでください。",
  solo_table: "ソロのテーブルです。一人で遊びます。準備ができたら開始してください。",
  status_open: "募集中",
  invite_link: "招待リンク",
  copy: "コピー",
  invite_by_name: "名前でプレイヤーを招待",
  invite: "招待",
  seat_bot_label: "{n}番席のプレイヤー",
  start: "ゲーム開始",
  leave: "退出",
  // table_clocks.js
  clocks: "時計",
  clock_days: "{d}日{h}時間",
  clock_hours: "{h}時間{m}分",
  clock_bank: "予備 {time}",
  time_up_for: "{name}の持ち時間が切れました。次を選んでください:",
  stalled_for: "{name}は長い間手を指していません。席をボットに任せられます:",
  time_up_yours: "持ち時間が切れました。ほかのプレイヤーが次を決めます。",
  give_time: "時間を追加する",
  hand_to_bot: "ボットに席を任せる",
  claim_game: "勝ちを主張する",
  resign: "投了",
  resign_sure: "はい、投了します",
  vote_abort: "ゲーム終了に投票",
  you_voted: "ゲーム終了に投票しました",
  votes_n: "{total}人中{n}人が終了に投票",
  event_time_up: "{name}の持ち時間が切れました",
  event_stalled: "{name}の手番でゲームが止まりました",
  event_extra_time: "{name}に時間が追加されました",
  event_taken_over: "{name}の代わりにボットがプレイします",
  event_resigned: "{name}が投了しました",
  event_claimed: "{name}の時間切れで勝ちが主張されました",
  event_vote: "{name}がゲーム終了に投票しました",
  event_aborted: "投票によりゲームが終わりました",
  event_abandoned: "ゲームは放棄として閉じられました",
  claim_sure: "はい、勝ちを主張します（時間切れ勝ち）",
  vote_abort_sure: "はい、結果なしでの終了に投票します",
  vote_abort_sure_last: "はい、今すぐ結果なしでゲームを終えます",
  event_left: "最後のプレイヤーが退出し、ゲームは結果なしで終わりました",
  // table_log.js, replay.js
  log: "ゲームログ",
  // turns.js
  next_game: "次のゲーム",
  next_game_title: "いちばん長くあなたを待っているテーブル",
  notify_ask: "自分の番になったらデスクトップに通知する",
  notify_on: "デスクトップ通知はオンです：バックグラウンドのタブが、ゲームであなたの番になったことを知らせます。",
  notify_blocked: "デスクトップ通知はこのブラウザの設定でブロックされています。",
  // turns.js, js/games/
  your_turn_heading: "あなたの番です",
  // scores.js
  solo_final: "{name}：{n}点",
  solo_final_one: "{name}：1点",
  final_score: "最終得点",
  winner_is: "勝者：{name}",
  winners_shared: "同点優勝：{names}",
  capped: "ラウンド上限でゲームが終了しました。",
  total: "合計",
  rank: "順位",
  replay_open: "リプレイを見る",
  // replay.js
  replay_title: "リプレイ · テーブル {id}",
  replay_back: "テーブルに戻る",
  replay_first: "最初",
  replay_prev: "前へ",
  replay_next: "次へ",
  replay_last: "最後",
  replay_step: "ステップ {n} / {of}",
  replay_slider: "リプレイのステップ",
  replay_setup: "ゲーム開始時",
  // js/games/
  the_position: "局面",
  waiting_for: "{name} を待っています",
  choose_action: "アクションを選ぶ",
  undo: "取り消し",
  none: "なし",
  replay_revealed: "全員の手札（公開）",
  rules_link: "ルール",
};
