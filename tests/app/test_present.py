"""The presenter: every game's session as typed view records, the same for page and terminal.

Run in CPython; the page (web/main.py) only puts :mod:`automa.app.views` HTML on screen.
"""

from __future__ import annotations

import re
from typing import Any, cast, get_args

import pytest

import automa
from automa import terminal
from automa.app import answers, controls, home_views, present, view_records, views
from automa.app.html import Safe, emphasised, join
from automa.core import i18n, prompts
from automa.core.game import registered
from automa.core.records import LogEntry, MessageRef, Why

GAMES = sorted(g for g in registered() if g != "demo")


def play_through(session: automa.Session, answers: int) -> None:
    """Answer ``answers`` prompts with their first allowed answer."""
    for _ in range(answers):
        p = session.prompt
        if p is None:
            return
        if p.kind == "count":
            session.answer(p.default if p.default is not None else (p.bounds or (0, 0))[0])
        elif p.kind == "pick_subset":
            session.answer(p.choices[:(p.bounds or (0, 0))[0]])
        elif p.kind == "values":
            session.answer({str(c): (p.default or {}).get(str(c), (p.domain or [0])[0])
                            for c in p.choices})
        elif p.kind == "pick_one":
            session.answer(p.default if p.default is not None else p.choices[0])
        else:
            session.answer(True)


def no_draw(game: str, card: str, highlight: Any) -> Safe | None:
    return None


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize("game", GAMES)
def test_every_screen_of_a_game_is_presented(game: str, lang: str) -> None:
    """Through 60 answers of each game, the play view is complete and its HTML draws."""
    session = automa.new_game(game, {}, 3)
    for _ in range(12):
        view = present.play(session, lang)
        q = view["question"]
        assert (q["lead"] or q["ask"]) and q["kind"] in get_args(view_records.Kind)
        if q["kind"] in ("pick_one", "pick_subset", "values"):
            assert q["choices"] and all(c["label"] for c in q["choices"])
        if q["kind"] in ("yes_no", "confirm", "scan"):
            assert q["one_tap"]
        parts = views.play_parts(view, present.Words(lang), no_draw, "save-1", "a4")
        html = "".join(parts)
        assert 'id="prompt"' in html and "{" not in re.sub(r"<svg.*?</svg>", "", html)
        play_through(session, 5)


def test_the_log_is_oldest_first_within_a_turn_newest_turn_first() -> None:
    session = automa.new_game("tapestry", {}, 3)
    play_through(session, 30)
    groups = present.log(session, present.Words("en"))
    entries = session.log_tail(present.LOG_SHOWN)
    newest_turn = entries[-1]["turn"]
    first = [e for e in entries if e["turn"] == newest_turn]
    assert groups[0]["turn"] == present.Words("en").turn(session, newest_turn)
    assert [e["text"] for e in groups[0]["entries"]] == [
        present.Words("en").text(e["action"]) for e in first]


def test_an_actor_is_never_cut_out_of_a_word_nor_said_twice() -> None:
    """ "Ви" is the player, but also the start of "Виправлено": the log must not cut it."""
    w = present.Words("uk")
    assert present.with_actor(w, "tapestry", "player", "Виправлено «ПО»: 1 → 2") == (
        "", "Виправлено «ПО»: 1 → 2")
    assert not present.names_actor("Виправлено", "Ви")
    assert present.names_actor("Ви здобуваєте пам'ятку", "Ви")
    name = w.actor("tapestry", "automa")
    assert present.with_actor(w, "tapestry", "automa", f"{name} просувається") == (
        "", f"{name} просувається")
    assert present.with_actor(w, "tapestry", "automa", "Наука 2 → 3") == (name, "Наука 2 → 3")


def test_a_step_that_names_its_actor_mid_text_has_no_prefix() -> None:
    """Civilization AP: "AP: Attack 1: the AP attacks…" said the AP twice."""
    for lang in ("en", "uk"):
        w = present.Words(lang)
        ap = w.actor("civ_new_dawn", "ap")
        attack = i18n.render("civ_new_dawn.log.attack",
                             {"n": 1, "target": "barbarian", "value": 5}, lang)
        assert ap in attack
        assert present.with_actor(w, "civ_new_dawn", "ap", attack) == ("", attack)
        dial = i18n.render("civ_new_dawn.log.event_dial", {}, lang)
        assert present.with_actor(w, "civ_new_dawn", "ap", dial) == ("", dial)
    w = present.Words("en")
    name = w.actor("tapestry", "automa")
    text = f"{name}s gain 2"
    assert present.with_actor(w, "tapestry", "automa", text) == (name, text)
    assert not present.names_actor("APPLE", "AP")


def test_a_why_is_shown_only_where_it_explains_something() -> None:
    w = present.Words("en")
    assert present.why({"candidates": [3], "labels": ["x"], "pick": 0, "pick_label": "x"},
                       w) is None
    assert present.why({"candidates": [1, 2]}, w) is None
    shown = present.why({"labels": ["a", "b"], "pick_label": "b"}, w)
    assert shown is not None and shown["pick"] == "b" and shown["candidates"] == "a, b"
    assert present.why({"rule": {"key": "core.yes", "params": {}}}, w) == {
        "rule": "yes", "candidates": "", "pick": ""}


def test_a_plain_string_is_shown_as_it_is_never_taken_for_a_message_id() -> None:
    """Only a message reference is rendered; text that happens to spell a message id (a
    player's deck name, a card number) is shown as it is. A rule logged by its bare id is a
    message id by its type (``Why.rule``), and a procedure's label by its declaration."""
    w = present.Words("uk")
    assert w.text("core.yes") == "core.yes"
    assert w.text(i18n.msg("core.yes")) == i18n.render("core.yes", {}, "uk")
    assert w.text([i18n.msg("core.yes"), "core.no", 2.0]) == ", ".join(
        [i18n.render("core.yes", {}, "uk"), "core.no", "2"])
    assert present.rule_text("core.yes", w) == i18n.render("core.yes", {}, "uk")
    session = automa.new_game("tapestry", {}, 3)
    while session.prompt is not None and not session.procedures:
        session.answer(session.prompt.default if session.prompt.default is not None
                       else session.prompt.choices[0])
    labels = [p["label"] for p in present.play(session, "en")["procedures"]]
    assert labels and not any(label.startswith("tapestry.") for label in labels)


def test_the_turn_summary_lists_board_instructions_in_table_order() -> None:
    session = automa.new_game("tapestry", {}, 3)
    session._log.extend([  # two board instructions, as a game logs them
        {"i": 0, "turn": 4, "actor": "automa", "action": {"key": "core.log.corrected", "params": {
            "what": "Science", "old": 2, "new": 3}}, "table": True, "icon": "advance"},
        {"i": 1, "turn": 4, "actor": "shadow", "action": {"key": "core.yes", "params": {}},
         "table": True, "icon": "no-such-icon"}])
    steps = present.turn_summary(session, present.Words("en"))
    assert [s["icon"] for s in steps] == ["advance", "no-such-icon"]
    assert steps[0]["text"] == "Corrected Science: 2 → 3"
    view = present.play(session, "en")
    html = views.summary(view, present.Words("en"))
    assert html.index("Science") < html.index("> yes<")
    assert html.count('type="checkbox"') == 2


def test_turns_are_named_as_the_game_counts_them() -> None:
    session = automa.new_game("age_of_innovation", {}, 3)
    w = present.Words("en")
    assert w.turn(session, 0) == w.t("web.log.setup")
    label = session.game.turn_label(3)
    assert w.turn(session, 3) == (w.text(label) if label else w.t("web.play.turn", n=3))


def test_long_instructions_become_numbered_steps_and_the_rule_folds_under_why() -> None:
    session = automa.new_game("tapestry", {}, 3)
    session._state["prompt"]["ui"] = {  # a prompt as the games now write them
        "steps": [{"key": "core.yes", "params": {}}, {"key": "core.no", "params": {}}],
        "rule": {"key": "core.game_over", "params": {}}}
    q = present.question(session, present.Words("en"))
    assert q["steps"] == ["yes", "no"] and q["rule"] == "The game is over."
    html = views.prompt_body(present.play(session, "en"), present.Words("en"), no_draw)
    assert html.count('<li><label class="step-item"><input type="checkbox" class="tick">') == 2
    assert html.index(">yes<") < html.index(">no<")
    assert "<details class=\"rule\"><summary>Why?</summary>" in html


def test_a_long_question_keeps_its_asking_sentence_apart() -> None:
    lead = ("Look at the board around the outpost of the Automa and count every hex that "
            "you could reach from it in one move.")
    assert present.split_question(lead + " Is any of them free?") == (
        lead, "Is any of them free?", "")
    assert present.split_question("Short?") == ("Short?", "", "")


def test_what_a_long_question_says_after_asking_stays_after_it() -> None:
    """«Скверна: чи є перелоги …? Якщо так, перетворіть 2 зараз.» — the "if so" comes after
    the asking sentence on screen too (it read as an order before the question it hangs on)."""
    ask = ("Скверна: чи є перелоги, які вона може перетворити на уражені землі, як показано "
           "на карті фракції?")
    after = "Якщо так, перетворіть 2 зараз."
    assert present.split_question(f"{ask} {after}") == ("", ask, after)
    lead = "The AP is attacked."
    asked = ("What is the defence of the attacked space as read off the table (terrain, "
             "reinforced tokens, card abilities)?")
    assert present.split_question(f"{lead} {asked} The app adds +1.") == (
        lead, asked, "The app adds +1.")
    q = cast(view_records.QuestionView, {"lead": "", "ask": ask, "after": after,
                                         "lead_below": False})
    html = str(views.question_text(q))
    assert html.index(ask) < html.index(after) and "<p></p>" not in html


def test_the_answers_come_right_after_the_question_and_before_undo() -> None:
    """Tab never lands on Undo first: the dock's answers are first in its order, and the
    dock follows the question in the page (drawn at the screen's foot by the style)."""
    session = automa.new_game("tapestry", {}, 3)
    view = present.play(session, "en")
    html = views.dock(view, present.Words("en"))
    assert html.index('data-act="answer"') < html.index('id="undo"')
    parts = [str(p) for p in views.play_parts(view, present.Words("en"), no_draw, "s", "a4")]
    assert 'id="question"' in parts[1] and 'id="dock"' in parts[2]
    assert "prompt-body" in parts[3] or parts[3] == '<div hidden></div>'  # then its steps


def test_cards_of_the_question_keep_their_table_order() -> None:
    session = automa.new_game("age_of_innovation", {}, 3)
    for _ in range(40):
        cards = present.question(session, present.Words("en"))["cards"]
        if len(cards) == 2 and session.phase != "setup":  # (set-up shows its draws' pictures)
            break
        play_through(session, 1)
    assert [c["caption"] for c in cards] == ["Action card", "Support card"]
    assert sum(c["drives"] for c in cards) == 1
    assert present.play(session, "en")["print_card"][:2] == [c["card"] for c in cards]


def test_cancel_is_offered_only_by_an_engine_that_can_cancel() -> None:
    session = automa.new_game("tapestry", {}, 3)
    assert present.can_cancel(session) is bool(getattr(session, "can_cancel", False))


def test_the_controls_give_the_answer_of_every_prompt_kind() -> None:
    """The page reads its controls into a Form; the presenter turns it into the answer."""
    from automa.core import prompts

    assert answers.answer_from(prompts.yes_no("k"), {"json": "false"}) is False
    assert answers.answer_from(prompts.pick_one("k", ["a", "b"]), {"pick": 1}) == "b"
    assert answers.answer_from(prompts.count("k", 1, 9), {"count": " 4 "}) == "4"
    assert answers.answer_from(prompts.pick_subset("k", ["a", "b", "c"]),
                               {"checked": [0, 2]}) == ["a", "c"]
    assert answers.answer_from(prompts.values("k", ["p", "q"], [0, 5, 9]),
                               {"values": [2, 1]}) == {"p": 9, "q": 5}
    assert answers.answer_from(prompts.confirm("k"), {}) is True


def test_the_stepper_stays_in_bounds() -> None:
    assert answers.stepped("3", 1, 0, 3) == 3
    assert answers.stepped("0", -1, 0, 3) == 0
    assert answers.stepped("x", 1, 1, 5) == 2


def test_the_stepper_reads_the_page_as_untrusted_text() -> None:
    """The page hands over the box's text, the button's step and the stepper's bounds as
    they stand on the page: a damaged one moves nothing out of bounds."""
    assert answers.step_box("3", "1", "0", "3") == "3"
    assert answers.step_box("2", "-1", "0", "40") == "1"
    assert answers.step_box("", "1", "0", "40") == "1"
    assert answers.step_box("7", "99", "0", "40") == "7"  # (a step of neither −1 nor +1)
    assert answers.step_box("7", None, "x", "1e9") == "0"


def test_cancel_is_offered_only_inside_a_started_procedure() -> None:
    """The Cancel control appears once a procedure is started and takes the player back."""
    s = automa.new_game("tapestry", {"difficulty": 2}, seed=7)
    assert present.can_cancel(s) is False
    before = s.prompt
    s.start(s.procedures[0]["id"])
    assert present.can_cancel(s) is True
    s.cancel()
    assert present.can_cancel(s) is False
    assert s.prompt == before


def test_a_started_procedure_has_its_way_back() -> None:
    session = automa.new_game("tapestry", {}, 3)
    view = present.play(session, "uk")
    view["can_cancel"] = True
    html = views.prompt_body(view, present.Words("uk"), no_draw)
    assert 'data-act="cancel"' in html and "Скасувати й повернутися" in html
    view["can_cancel"] = False
    assert 'data-act="cancel"' not in views.prompt_body(view, present.Words("uk"), no_draw)


def test_the_numbers_of_a_step_stand_out_and_text_stays_escaped() -> None:
    assert join(views.numbers("Science 2 → 3, <b> +2 VP")) == (
        'Science <strong class="num">2 → 3</strong>, &lt;b&gt; '
        '<strong class="num">+2</strong> VP')


def test_saved_games_are_listed_last_played_first() -> None:
    games = {g["id"]: g for g in automa.games()}
    index = {"a": {"game": "tapestry", "updated": 1, "turn": 3},
             "b": {"game": "age_of_innovation", "updated": 2, "finished": True},
             "c": {"game": "<gone>", "updated": 0}}
    items = home_views.saves(index, games, "a", lambda ms: f"t{ms:.0f}", present.Words("en"))
    assert [i.split('data-save="')[1][0] for i in items] == ["a", "c", "b"]
    assert "turn 3" in items[0] and 'data-act="delete-yes"' in items[0]
    assert "&lt;gone&gt;" in items[1]
    # a finished game after the others, folded (review 2026-11-28, problem 5), "See result"
    assert "finished-saves" in items[2] and "Finished games (1)" in items[2]
    assert "See result" in items[2] and "Continue" not in items[2]


@pytest.mark.parametrize("lang", ["en", "uk"])
@pytest.mark.parametrize(("key", "params"), [
    ("age_of_innovation.log.you_passed", {}),
    ("age_of_innovation.log.you_passed_last", {}),
    ("age_of_innovation.log.you_passed_two", {}),
    ("age_of_innovation.log.you_passed_last_two", {}),
    ("tapestry.log.you_landmark", {"landmark": "Castle"}),
    ("tapestry.log.you_achievement", {"achievement": "x"}),
    ("tapestry.log.you_income", {"turn": 2}),
    ("tapestry.log.landmark_was_yours", {"landmark": "Castle"}),
    ("tapestry.log.conquest_stands", {"n": 1}),
    ("tapestry.log.second_civ", {"civ": "x"}),
    ("tapestry.log.territories", {"old": 1, "n": 2}),
])
def test_the_players_own_log_lines_never_start_in_lower_case_alone(
        key: str, params: dict[str, Any], lang: str) -> None:
    """A player's line written to follow "You:" ("pass and take…") keeps the name; never a
    bare "pass and take…" under the previous line."""
    w = present.Words(lang)
    game = key.split(".")[0]
    actor, text = present.with_actor(w, game, "player", i18n.render(key, params, lang))
    assert text[0].isupper() or actor == w.actor(game, "player"), (actor, text)


@pytest.mark.parametrize(("key", "params", "one", "many"), [
    ("tapestry.log.conquest_stands", {}, "1 territory", "5 territories"),
    ("tapestry.log.trap", {"n": 0}, "1 tapestry card left", "5 tapestry cards left"),
    ("tapestry.log.not_a_trap", {}, "1 tapestry card left", "5 tapestry cards left"),
    ("tapestry.log.conquerors_enough", {"turn": 1}, "1 territory,", "5 territories,"),
    ("tapestry.log.few_territories", {}, "1 territory,", "5 territories,"),
])
def test_english_counts_agree(key: str, params: dict[str, Any], one: str, many: str) -> None:
    for n, want in ((1, one), (5, many)):
        rendered = i18n.render(key, {**params, "n": n, "left": n}, "en")
        assert want in rendered, rendered


def test_ukrainian_conquest_count_agrees() -> None:
    got = [i18n.render("tapestry.log.conquest_stands", {"n": n}, "uk") for n in (1, 3, 5, 21)]
    assert [g.rsplit(" ", 1)[1] for g in got] == ["територію", "території", "територій",
                                                   "територію"]


SCORE_WORDS = {"tapestry": ("VP", "ПО", "SP"),
               "age_of_innovation": ("points?", "оч(?:ко|ки|ок|ка)", "Punkte?"),
               "glory_of_civilizations": ("Glory", "Слав", "Ruhm"), "civ_new_dawn": None}
"""The word each game's own screens use for the bot's score in each of :data:`i18n.LANGUAGES`,
as a pattern (None: the AP keeps no score)."""


@pytest.mark.parametrize("game", GAMES)
def test_the_head_counts_the_score_in_the_games_own_word(game: str) -> None:
    """Each game declares its score word: Glory counts Слава, Age of Innovation «очки» as
    on her own view (its head once said «25 ПО»), and Civilization's AP keeps no score."""
    session = automa.new_game(game, {}, 7)
    play_through(session, 15)
    words = SCORE_WORDS[game]
    for i, lang in enumerate(i18n.LANGUAGES):
        w = present.Words(lang)
        line = present.head(session, session.view(), w)
        if words is None:
            assert session.game.score is None and line == w.turn(session, session.turn)
            continue
        assert re.search(rf"\d+\s{words[i]}", line), line
        assert all(x not in line for x in ("VP", "ПО") if x != words[i]), line


@pytest.mark.parametrize("game", GAMES)
def test_each_game_names_its_corrections_in_its_own_words(game: str) -> None:
    """One label («Виправити ПО, треки…») was wrong for Glory (Слава, no tracks), for Civ
    (no VP) and for Age of Innovation («очки»): each game names what it tracks."""
    session = automa.new_game(game, {}, 7)
    play_through(session, 15)
    label = session.game.correct_label
    assert label != "core.procedure.correct" and label.startswith(f"{game}.")
    assert {"id": "correct", "label": label} in session.procedures
    words = SCORE_WORDS[game]
    for i, lang in enumerate(i18n.LANGUAGES):
        text = present.Words(lang).t(label)
        assert i18n.has_message(label, lang) and text[0].isupper(), text
        if words is None:
            assert "VP" not in text and "ПО" not in text, text
        else:
            assert re.search(words[i], text, re.IGNORECASE), text


@pytest.mark.parametrize("game", GAMES)
def test_every_correctable_value_is_named_in_sentence_case(game: str) -> None:
    """The list of values to correct reads as one list: each name starts with a capital
    ("Tech dial", then "diamonds" did not)."""
    session = automa.new_game(game, {}, 7)
    play_through(session, 15)
    corrections = session.game.corrections(session._ctx(), session.phase)
    assert corrections
    for lang in i18n.LANGUAGES:
        w = present.Words(lang)
        lower = [text for c in corrections if not (text := w.text(c.label))[0].isupper()]
        assert lower == [], lang


def test_automa_has_one_spelling_in_every_catalog() -> None:
    """ "Автома" / "Automa" is a name: never "автома", "автоми", "the automa" in any text
    the player reads ("автоматично" is another word)."""
    import tomllib
    from pathlib import Path

    lower = re.compile(r"(?<![^\W\d_])(?:автом(?!атич)[^\W\d_]*|automa(?:s|'s)?)(?![^\W\d_])")
    found: list[str] = []

    def walk(value: Any, where: str) -> None:
        if isinstance(value, str):
            text = re.sub(r"\{\w+\}", "", value)  # placeholders are not words
            found.extend(f"{where}: {m}" for m in lower.findall(text))
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(v, f"{where}.{k}")
        elif isinstance(value, list):  # the guides' [[guide.section]] (review N20)
            for i, v in enumerate(value):
                walk(v, f"{where}[{i}]")

    root = Path(__file__).resolve().parents[2] / "i18n"
    for path in sorted(root.glob("*/**/*.toml")):
        walk(tomllib.loads(path.read_text("utf-8")), str(path.relative_to(root)))
    assert not found, found


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_bulleted_setup_question_becomes_a_checklist(lang: str) -> None:
    """Civilization AP's map set-up was one paragraph with "•" run into it."""
    session = automa.new_game("civ_new_dawn", {}, 7)
    for _ in range(10):
        q = present.question(session, present.Words(lang))
        if q["key"].endswith((".components", ".map")):
            assert "•" not in q["lead"] + q["ask"] + q["after"], q["lead"]
            assert len(q["steps"]) >= 3 and not any("•" in s for s in q["steps"]), q["steps"]
        play_through(session, 1)
    assert present.bulleted("Just a question?") == ("Just a question?", [])
    assert present.bulleted("Do this:\n• one\n• two\nThen go.") == (
        "Do this:", ["one", "two", "Then go."])


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_emphasised_actions_show_in_bold_never_as_asterisks(lang: str) -> None:
    """Age of Innovation's set-up steps mark their verb "**Place**": the page shows it in
    bold, not as "**Place**"."""
    session = automa.new_game("age_of_innovation", {}, 7)
    seen = 0
    for _ in range(8):
        view = present.play(session, lang)
        w = present.Words(lang)
        html = str(views.prompt(view, w, no_draw)) + str(views.prompt_body(view, w, no_draw))
        assert "**" not in html, html
        seen += any("**" in s for s in view["question"]["steps"])
        play_through(session, 1)
    assert seen
    assert str(emphasised("**Put** 1 coin")[0]) == "<strong>Put</strong>"


def test_age_of_innovation_round_end_score_agrees() -> None:
    """Was "завершує раунд 3, маючи очок: 32": now a sentence, in agreement."""
    def end(n: int, lang: str) -> str:
        return i18n.render("age_of_innovation.log.round_end", {"round": 3, "score": n}, lang)
    assert end(1, "en").endswith("with 1 point.") and end(32, "en").endswith("32 points.")
    assert end(21, "uk").endswith("з 21 очком.") and end(32, "uk").endswith("з 32 очками.")
    assert i18n.render("age_of_innovation.log.final", {"score": 5}, "uk") == (
        "завершує гру з 5 очками.")


def test_saved_games_show_the_games_turn_label_not_its_sort_key() -> None:
    """Age of Innovation numbers its turns round × 100 + n inside; the list of saved games
    says "Round 3 · turn 1", the Automa's score and the options that tell games apart."""
    session = automa.new_game("age_of_innovation", {"faction": "druids"}, 3)
    about = present.about(session)
    assert about["options_text"]["en"].split(" · ")[1] == "Druids"
    meta = {"game": "age_of_innovation", "updated": 1.0, "turn": 301, "finished": False,
            **about, "turn_text": {"en": "Round 3 · turn 1"}}
    games = {"age_of_innovation": {"name": "age_of_innovation.name"}}
    html = "".join(home_views.saves({"s1": meta}, games, "", lambda _: "today",
                               present.Words("en")))
    assert "Round 3 · turn 1" in html and "301" not in html
    assert about["score_text"]["en"] in html and "Druids" in html
    older = {k: v for k, v in meta.items() if not k.endswith("_text")}
    assert "turn 301" in "".join(home_views.saves({"s1": older}, games, "", lambda _: "today",
                                             present.Words("en")))


def test_cut_marks_are_drawn_only_around_the_cards_printed() -> None:
    """A pair printed on its own gets marks around its two cards, not a full 3 × 3 grid; a
    full page gets them all."""
    from automa.render import print as sheets

    def marks(n: int) -> int:
        html = sheets.sheets_html(["<svg></svg>"] * n, "a4")
        return html.count("<line")

    assert marks(2) == 2 * (3 + 2)  # 3 vertical lines, 2 horizontal, marks at both ends
    assert marks(9) == 2 * (4 + 4)
    assert marks(10) == marks(9) + 2 * (2 + 2)  # the second page holds one card


def test_glorys_row_is_shown_and_printed_as_it_lies_on_the_table() -> None:
    """Glory of Civilizations: the row left to right (activated cards first, each with its
    cube, then the face-up ones, then the face-down ones without their fronts); the card in
    play has the row its predecessor's pointer chose highlighted; print keeps table order."""
    session = automa.new_game("glory_of_civilizations", {"difficulty": "hard"}, 3)
    for _ in range(40):
        if session.view().get("cards") and session._state["data"]["automas"][0]["activated"] >= 2:
            break
        play_through(session, 1)
    view = present.play(session, "en")
    row = view["row"]
    table = session._state["data"]["automas"][0]["row"]
    shown = [c["card"] for c in row if c["state"] != "face_down"]
    assert shown == table[:len(shown)] and len(row) == len(table)
    assert [c["state"] for c in row[:2]] == ["activated", "activated"]
    assert all(c["card"] == "" for c in row if c["state"] == "face_down")
    assert view["print_card"] == shown
    q = view["question"]
    if q["cards"]:
        assert any(h.startswith("main.") for h in q["cards"][0]["highlight"])


def test_civs_question_shows_the_card_resolved_and_the_row_folds_into_a_strip() -> None:
    """Civ: the question shows the card being resolved (slot 5) alone; the focus row, slot 1
    on the left, is a strip of names, levels and trade tokens with the dial beside it, and
    opens to the five cards; the tokens lie on the cards too."""
    session = automa.new_game("civ_new_dawn", {}, 3)
    for _ in range(30):
        if present.question(session, present.Words("en"))["cards"]:
            break
        play_through(session, 1)
    session._state["data"]["tokens"]["science"] = 2
    view = present.play(session, "en")
    row = session._state["data"]["row"]
    assert [c["card"] for c in view["question"]["cards"]] == [row[4]]
    assert [c["card"] for c in view["row"]] == row and view["cards"] == []
    assert [c["drives"] for c in view["row"]] == [False] * 4 + [True]
    science = [c for c in view["row"] if c["tokens"]]
    assert len(science) == 1 and science[0]["tokens"] == 2 and science[0]["badge"]
    assert view["dial"] is not None
    w = present.Words("en")
    html = str(views.row_strip(view, w, no_draw))
    assert html.startswith('<details class="panel row-strip"') and "2 trade tokens" in html
    assert html.index(science[0]["label"]) < html.index("<div class=\"cards row-cards")


def test_the_log_gives_a_rule_once_a_turn_and_no_choice_where_all_were_taken() -> None:
    """The same rule under every track advance of a turn is shown once; "It could choose: A,
    B. It chose: A, B" (all of them) says nothing and is left out."""
    w = present.Words("en")
    rule: MessageRef = {"key": "core.game_over", "params": {}}
    same: Why = {"rule": rule, "labels": ["a", "b"], "pick_label": ["a", "b"]}
    assert present.why(same, w) == {"rule": "The game is over.", "candidates": "", "pick": ""}
    entry: LogEntry = {"i": 0, "turn": 1, "actor": "automa",
                       "action": {"key": "core.yes", "params": {}}, "why": {"rule": rule}}
    lines = present.once_a_turn([present.log_entry("tapestry", entry, w)] * 3)
    assert [e["why"] is not None for e in lines] == [True, False, False]


def test_home_puts_new_game_above_finished_games_and_greets_a_first_visit() -> None:
    """At the table (review 2026-11-28, problem 5): finished games pushed "New game" far
    down. A game going on still comes first; finished ones only after the new games; and
    with no saved game a one-line intro says what the app is for."""
    games = {g["id"]: g for g in automa.games()}
    w = present.Words("en")
    done = home_views.saves({"b": {"game": "tapestry", "updated": 2, "finished": True}}, games, "",
                       lambda ms: "", w)
    body = home_views.home(list(games.values()), done, w)
    assert body.index('data-act="new"') < body.index("finished-saves")
    assert "Runs the solo bot" not in body
    assert "Runs the solo bot" in home_views.home(list(games.values()), [], w)


def test_each_kind_of_question_has_its_controls_and_their_reading_in_one_table() -> None:
    """Issue 50 item 4: a question's kind picks its controls (``controls.CONTROLS``) and how
    they are read back (``answers.READ_BACK``; at the terminal, how to answer is shown by
    ``terminal.HOW_TO_ANSWER`` and what is typed read by ``terminal.TYPED``) from one table
    each, as ``taps.ACTIONS`` picks a tap's action: every kind in each, nothing else."""
    tables = (controls.CONTROLS, answers.READ_BACK, terminal.HOW_TO_ANSWER, terminal.TYPED)
    assert all(set(table) == set(prompts.KINDS) for table in tables)
