"""What mail says, in each reader's language (en, de, ja): subjects, lines and links.

``{name}`` placeholders are filled by ``str.format``; the values are account names
(letters, digits, ``-`` and ``_``), game titles, numbers and the reader's address.
"""

from __future__ import annotations

LANGUAGES = ("en", "de", "ja")

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "subject_turn": "Your turn at table {table} ({game})",
        "body_turn": "It is your turn in {game} at table {table}, with {players}.",
        "subject_digest": "Your turn at {n} tables",
        "subject_digest_one": "Your turn at 1 table",
        "body_digest": "It is your turn at these tables:",
        "digest_line": "Table {table} ({game})",
        "subject_invite": "{by} invites you to {game} (table {table})",
        "body_invite": "{by} invites you to a game of {game} at table {table}.",
        "subject_time_low": "Your time runs low at table {table}",
        "body_time_low": "Only a quarter of your time is left at table {table} ({game}). "
        "Move before it runs out.",
        "subject_over": "The game at table {table} is over",
        "body_over": "The game of {game} at table {table} is over.",
        "result_line": "{rank}. {name}: {score} points",
        "subject_verify": "Confirm your e-mail address",
        "body_verify": "Please confirm that {address} is the e-mail address of the NavComp "
        "account {name}: open the link below within three days.",
        "subject_reset": "Choose a new NavComp password",
        "body_reset": "Someone, we hope you, asked for a new password for the NavComp account "
        "{name}. Open the link below within an hour to choose one. The link works once. "
        "If it was not you, ignore this mail.",
        "subject_test": "A test mail from NavComp",
        "body_test": "This mail shows that mail from NavComp reaches you.",
        "open_table": "Open the table",
        "confirm_address": "Confirm the address",
        "choose_password": "Choose a new password",
        "unsubscribe": "Unsubscribe from this kind of mail",
        "footer": "You get this mail because of the mail settings of your NavComp account.",
        "bot": "Bot ({level})",
        "former": "a former player",
        "and": ", ",
    },
    "de": {
        "subject_turn": "Du bist am Zug an Tisch {table} ({game})",
        "body_turn": "Du bist am Zug in {game} an Tisch {table}, mit {players}.",
        "subject_digest": "Du bist an {n} Tischen am Zug",
        "subject_digest_one": "Du bist an 1 Tisch am Zug",
        "body_digest": "Du bist an diesen Tischen am Zug:",
        "digest_line": "Tisch {table} ({game})",
        "subject_invite": "{by} lädt dich zu {game} ein (Tisch {table})",
        "body_invite": "{by} lädt dich zu einer Partie {game} an Tisch {table} ein.",
        "subject_time_low": "Deine Zeit an Tisch {table} wird knapp",
        "body_time_low": "Dir bleibt nur noch ein Viertel deiner Zeit an Tisch {table} "
        "({game}). Zieh, bevor sie abläuft.",
        "subject_over": "Die Partie an Tisch {table} ist zu Ende",
        "body_over": "Die Partie {game} an Tisch {table} ist zu Ende.",
        "result_line": "{rank}. {name}: {score} Punkte",
        "subject_verify": "Bestätige deine E-Mail-Adresse",
        "body_verify": "Bitte bestätige, dass {address} die E-Mail-Adresse des NavComp-Kontos "
        "{name} ist: Öffne den Link unten innerhalb von drei Tagen.",
        "subject_reset": "Wähle ein neues NavComp-Passwort",
        "body_reset": "Jemand, hoffentlich du, hat ein neues Passwort für das NavComp-Konto "
        "{name} angefordert. Öffne den Link unten innerhalb einer Stunde, um eines zu wählen. "
        "Der Link funktioniert einmal. Warst du es nicht, beachte diese Mail nicht.",
        "subject_test": "Eine Test-Mail von NavComp",
        "body_test": "Diese Mail zeigt, dass Mail von NavComp dich erreicht.",
        "open_table": "Zum Tisch",
        "confirm_address": "Adresse bestätigen",
        "choose_password": "Neues Passwort wählen",
        "unsubscribe": "Diese Art Mail abbestellen",
        "footer": "Du bekommst diese Mail wegen der Mail-Einstellungen deines NavComp-Kontos.",
        "bot": "Bot ({level})",
        "former": "ein ehemaliger Spieler",
        "and": ", ",
    },
    "ja": {
        "subject_turn": "テーブル {table}（{game}）であなたの番です",
        "body_turn": "テーブル {table} の {game} であなたの番です。対戦相手：{players}。",
        "subject_digest": "{n} つのテーブルであなたの番です",
        "subject_digest_one": "1 つのテーブルであなたの番です",
        "body_digest": "次のテーブルであなたの番です：",
        "digest_line": "テーブル {table}（{game}）",
        "subject_invite": "{by} さんが {game} に招待しています（テーブル {table}）",
        "body_invite": "{by} さんがテーブル {table} の {game} にあなたを招待しています。",
        "subject_time_low": "テーブル {table} の持ち時間が残りわずかです",
        "body_time_low": "テーブル {table}（{game}）の持ち時間は残り 4 分の 1 です。"
        "時間切れになる前に手番を進めてください。",
        "subject_over": "テーブル {table} のゲームが終わりました",
        "body_over": "テーブル {table} の {game} が終わりました。",
        "result_line": "{rank} 位 {name}：{score} 点",
        "subject_verify": "メールアドレスの確認",
        "body_verify": "{address} が NavComp アカウント {name} のメールアドレスであることを"
        "確認してください。3 日以内に下のリンクを開いてください。",
        "subject_reset": "NavComp の新しいパスワード",
        "body_reset": "NavComp アカウント {name} の新しいパスワードが申請されました。"
        "1 時間以内に下のリンクを開いて新しいパスワードを決めてください。リンクは一度だけ使えます。"
        "心当たりがない場合は、このメールを無視してください。",
        "subject_test": "NavComp からのテストメール",
        "body_test": "このメールが届いていれば、NavComp からのメールを受け取れます。",
        "open_table": "テーブルを開く",
        "confirm_address": "アドレスを確認する",
        "choose_password": "新しいパスワードを決める",
        "unsubscribe": "この種類のメールを停止する",
        "footer": "NavComp アカウントのメール設定により、このメールをお送りしています。",
        "bot": "ボット（{level}）",
        "former": "元プレイヤー",
        "and": "、",
    },
}


def text(language: str, key: str, **values: object) -> str:
    """``key`` in ``language`` (English for a language without texts), filled in."""
    texts = TEXTS.get(language, TEXTS["en"])
    return texts[key].format(**values)
