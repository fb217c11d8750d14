"""HISTORICAL: the script that made the frozen corpus folders from old checkouts of the app.

A corpus folder (``tests/corpus/v<N>-<commit>/``) holds what players of one released version
have: engine saves, Glory decks, settings, a whole browser storage, terminal autosaves. It is
made once, by the code of that version, and never regenerated: the tests read it to prove that
every later version still opens it. This script is kept for the record of how a folder was
made and as the starting point for the next one; it drives the *old* code, so it is run with
that checkout's engine first on the path::

    git worktree add --detach /tmp/corpus-src 588bb06
    (cd /tmp/corpus-src && ln -s $PWD/node_modules . && python build.py --out /tmp/corpus-dist)
    PYTHONPATH=/tmp/corpus-src/py .venv/bin/python tests/corpus/make_corpus.py \\
        --source /tmp/corpus-src --dist /tmp/corpus-dist --out tests/corpus/v1-588bb06

(``v2-01dca7e`` and ``v3-f031102`` were made so by this script as it is now: where a later
release moved a module the script reads — the deck text, the build's server — it finds
either; the option sets of options a later release added are played where the release has
them, :data:`LATER_SETS`.) It refuses to write into a folder that exists. Files larger than
8 KB are stored gzipped (``*.gz``); the tests read both. The same releases' random mid-game
saves are ``tests/corpus/histories/`` (``make_histories.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import gzip
import importlib
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

GZIP_OVER = 8_000
GAMES = ("tapestry", "age_of_innovation", "civ_new_dawn", "glory_of_civilizations")

# Option sets per game: the defaults, then other difficulties, factions, leaders, variants
# and the rule readings flipped. Names become file names.
OPTION_SETS: dict[str, dict[str, dict[str, Any]]] = {
    "tapestry": {
        "level2-default": {},
        "level6-readings": {"difficulty": 6, "favorite_rule": "any", "card_reading": "bga",
                            "level3_progress": "2-4-4", "explorers_bonus": "explore_conquer",
                            "third_achievement": "five", "quantum_physics": "twice",
                            "finished_track_roll": "lost"},
        "level4-seedtext": {"difficulty": 4, "civ_reading": "seed_text"},
    },
    "age_of_innovation": {
        "automalein-simpletons": {},
        "alptrauma-gognomes-random": {"difficulty": "alptrauma", "faction": "gognomes",
                                      "random_terrain": True, "science_scoring": "ask"},
        "automachtig-druids-two-players": {"difficulty": "automachtig", "faction": "druids",
                                           "variant": "two_players",
                                           "two_player_board": "three",
                                           "book_without_power": False,
                                           "highest_includes_automa": True},
    },
    "civ_new_dawn": {
        "settler-random": {},
        "emperor-japan-three": {"difficulty": "emperor", "leader": "japan", "humans": 3,
                                "dial_past_24": "stay_24", "combat_tie": "attacker",
                                "economy_spend": "most_arrivals",
                                "industry_bonus": "city_states_only",
                                "wonder_affordable": False, "tokens_on_replaced": "returned"},
        "prince-rome-two": {"difficulty": "prince", "leader": "rome", "humans": 2},
    },
    "glory_of_civilizations": {
        "medium-companion": {},
        "hard-four-readings": {"difficulty": "hard", "players": 4, "row_rule": "age",
                               "round_shuffle": "with_discard", "fallthrough": "wrap",
                               "cube_rule": "any", "capital_is_city": False,
                               "wonder_stages": 2, "vote_fours": "once"},
        "easy-custom-deck": {"difficulty": "easy", "custom_deck": "KEYED_IN"},
    },
}

LATER_SETS: dict[str, dict[str, dict[str, Any]]] = {
    "tapestry": {"level3-map": {"difficulty": 3, "map": True}},
    "civ_new_dawn": {"king-america-readings": {"difficulty": "king", "leader": "america",
                                               "capitalism_idle": "not_reset",
                                               "teddy_nw_value": "one"}},
    "glory_of_civilizations": {"medium-two-automas": {"automas": 2, "players": 3}},
}
"""Option sets of options later releases added, played where the engine has them."""


def option_sets(game: str) -> list[str]:
    """The names of the option sets the engine on the path can play: every release's, then
    the later ones whose options it has."""
    from automa.core.game import find_game

    known = {o.id for o in find_game(game).options}
    return [*OPTION_SETS[game], *(name for name, options in LATER_SETS.get(game, {}).items()
                                  if set(options) <= known)]


# --- writing ---------------------------------------------------------------------------------
def put(out: Path, rel: str, text: str) -> str:
    """Write one corpus file (gzipped when large); returns the name written."""
    path = out / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    if len(data) > GZIP_OVER:
        path = path.with_name(path.name + ".gz")
        path.write_bytes(gzip.compress(data, 9, mtime=0))
    else:
        path.write_bytes(data)
    return path.relative_to(out).as_posix()


# --- answering like a player -----------------------------------------------------------------
def answer_for(prompt: Any, rng: random.Random) -> Any:
    """A random allowed answer (the old engine's prompt kinds)."""
    if prompt.kind in ("confirm", "scan"):
        return True
    if prompt.kind in ("yes_no", "count", "pick_one"):
        return rng.choice(prompt.choices)
    if prompt.kind == "pick_subset":
        lo, hi = prompt.bounds or (0, len(prompt.choices))
        return rng.sample(list(prompt.choices), rng.randint(lo, hi))
    if prompt.kind == "values":
        return {str(item): rng.choice(prompt.domain or []) for item in prompt.choices}
    raise AssertionError(prompt.kind)


def play(session: Any, answers: int, rng: random.Random) -> None:
    """Answer up to ``answers`` prompts, never one that ends the game (an answer that did
    is taken back and another tried)."""
    for _ in range(answers):
        if session.prompt is None:
            return
        for _attempt in range(20):
            session.answer(answer_for(session.prompt, rng))
            if not session.finished:
                break
            session.undo()
        else:
            return


def play_to_end(session: Any, rng: random.Random) -> None:
    """Play until the game is over; Civilization ends when the player says someone won."""
    for n in range(3000):
        prompt = session.prompt
        if prompt is None:
            return
        if (session.game_id == "civ_new_dawn" and n > 60
                and prompt.key.endswith(".prompt.ready")):
            session.answer(prompt.choices[-1])
            continue
        session.answer(answer_for(prompt, rng))
    raise AssertionError("no end")


def keyed_in_deck() -> list[dict[str, Any]]:
    """A player's own Glory deck: the companion copy with two cards changed."""
    from automa.games.glory_of_civilizations import editor

    cards = editor.companion_cards()
    cards[0] = editor.with_field(cards[0], "main.1", "battles")
    cards[3] = editor.with_field(cards[3], "free.1", cards[5]["free"][1])
    return cards


def options_of(game: str, name: str) -> dict[str, Any]:
    options = copy.deepcopy({**OPTION_SETS[game], **LATER_SETS.get(game, {})}[name])
    if options.get("custom_deck") == "KEYED_IN":
        options["custom_deck"] = keyed_in_deck()
    return options


# --- engine saves ----------------------------------------------------------------------------
def engine_saves(out: Path) -> list[dict[str, Any]]:
    """For every game and option set: start, mid-game, undo/redo, a procedure open, finished;
    and one game restored from its snapshot (a save with a ``base``)."""
    import automa

    made: list[dict[str, Any]] = []
    for game in GAMES:
        for n, name in enumerate(option_sets(game)):
            seed = 100 + 10 * GAMES.index(game) + n
            rng = random.Random(seed)

            def new() -> Any:
                return automa.new_game(game, options_of(game, name), seed=seed)  # noqa: B023

            def keep(state: str, session: Any, note: str) -> None:
                rel = put(out, f"saves/{game}/{name}.{state}.json",  # noqa: B023
                          session.to_json())
                made.append({"file": rel, "game": game, "options": name,  # noqa: B023
                             "state": state, "turn": session.turn,
                             "finished": session.finished, "actions": len(session.actions),
                             "redo": session.can_redo, "note": note})

            s = new()
            keep("start", s, "as started: no answer yet")
            play(s, 30, rng)
            keep("mid", s, "30 answers in")
            for _ in range(4):
                s.undo()
            s.redo()
            keep("undo-redo", s, "30 answers, 4 undone, 1 redone: 3 answers on the redo list")
            p = new()
            play(p, 12, rng)
            for procedure in p.procedures:  # the first one that asks something
                p.start(procedure["id"])
                if p.open_procedures == 1:
                    keep("procedure-open", p, f"procedure {procedure['id']} started, "
                         "its first question open")
                    break
                p.undo()
            f = new()
            play_to_end(f, rng)
            keep("finished", f, "played to the end")
    made.append(restored_save(out))
    return made


def restored_save(out: Path) -> dict[str, Any]:
    """A Tapestry game whose answers stopped replaying (one answer doctored), restored from
    its snapshot without undo history, then played on: its save carries a ``base``."""
    import automa

    s = automa.new_game("tapestry", {"difficulty": 3}, seed=77)
    rng = random.Random(77)
    play(s, 12, rng)
    envelope = json.loads(s.to_json())
    envelope["actions"] = [*envelope["actions"][:-1], {"answer": "no such answer"}]
    restored = automa.load_game(json.dumps(envelope))
    assert restored.history_dropped
    play(restored, 5, rng)
    rel = put(out, "saves/tapestry/level3-restored-with-base.json", restored.to_json())
    return {"file": rel, "game": "tapestry", "options": "level3", "state": "restored",
            "turn": restored.turn, "finished": restored.finished,
            "actions": len(restored.actions), "redo": False,
            "note": "restored from its snapshot (history dropped), then 5 answers: has 'base'"}


# --- decks and settings ----------------------------------------------------------------------
def deck_text_of_release() -> Any:
    """The release's ``deck_text(name, cards)``: the text the browser keeps for a deck
    (588bb06: ``app.deck_editor``; later, with the game's id: ``app.decks.editor``, then
    ``app.decks.my_decks``)."""
    for module in ("automa.app.deck_editor", "automa.app.decks.my_decks",
                   "automa.app.decks.editor"):
        try:
            found: Any = importlib.import_module(module)
        except ImportError:
            continue
        if hasattr(found, "deck_text"):
            if module.endswith("deck_editor"):
                return found.deck_text
            return lambda name, cards: found.deck_text("glory_of_civilizations", name, cards)
    raise SystemExit("no deck_text in this release")


def decks(out: Path) -> list[str]:
    """Glory decks as the browser keeps them (``automa.deck.<id>`` values) and as files."""
    from automa.games.glory_of_civilizations import editor

    deck_text = deck_text_of_release()
    mine = keyed_in_deck()
    draft = [editor.blank_card(1), editor.with_field(editor.blank_card(2), "number", "0")]
    made = [
        put(out, "decks/stored/keyed-in.json", deck_text("My box", mine)),
        put(out, "decks/stored/companion-copy.json",
            deck_text("Companion copy", editor.companion_cards())),
        put(out, "decks/stored/draft-with-problems.json", deck_text("Чернетка", draft)),
        put(out, "decks/files/keyed-in.deck.json", editor.deck_to_json(mine)),
        put(out, "decks/files/bare-list.deck.json",
            json.dumps(editor.companion_cards()[:6], ensure_ascii=False)),
    ]
    return made


def settings(out: Path) -> list[str]:
    """``automa.settings`` values: written by the app, by the loading shell, and defaults."""
    from automa.app.saves import SaveStore

    store: dict[str, str] = {}

    class KV:
        def get(self, key: str) -> str | None:
            return store.get(key)

        def set(self, key: str, value: str) -> None:
            store[key] = value

        def remove(self, key: str) -> None:
            store.pop(key, None)

        def keys(self) -> list[str]:
            return list(store)

    s = SaveStore(KV(), lambda: 1.7e12)
    made = []
    for name, value in (
            ("app-defaults-en", {"theme": "auto", "text": 1, "wake": False, "paper": "a4",
                                 "lang": "en"}),
            ("app-uk-dark-large-wake-letter", {"theme": "dark", "text": 1.3, "wake": True,
                                               "paper": "letter", "lang": "uk"})):
        s.put_settings(value)
        made.append(put(out, f"settings/{name}.json", store["automa.settings"]))
    # the loading shell writes only what it changed, parsed as JS does
    made.append(put(out, "settings/shell-lang-theme-text.json",
                    json.dumps({"lang": "uk", "theme": "light", "text": 1.15},
                               separators=(",", ":"))))
    return made


# --- the browser -----------------------------------------------------------------------------
@contextlib.contextmanager
def served(source: Path, dist: Path) -> Iterator[str]:
    sys.path.insert(0, str(source))
    build: Any = importlib.import_module("build")  # (the old checkout's build.py)
    if not hasattr(build, "make_server"):  # (later: its steps in buildsteps/)
        build = importlib.import_module("buildsteps.serve")
    server = build.make_server(dist, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{build.PREFIX}"
    finally:
        server.shutdown()


ANSWER_JS = """(x) => {
  const prompt = document.querySelector('#prompt');
  if (!prompt || prompt.dataset.kind === 'over') return null;
  const kind = prompt.dataset.kind;
  const dock = document.querySelector('#dock') || prompt;  // (588bb06: in the prompt)
  const pick = (list) => list[Math.min(list.length - 1, Math.floor(x * list.length))];
  let button;
  const list = dock.querySelector('#pick');  // (later releases: long lists as a select)
  if (kind === 'pick_one' && list) {
    list.selectedIndex = Math.min(list.options.length - 1, Math.floor(x * list.options.length));
    button = dock.querySelector('button[data-act=submit-pick]');
  } else if (kind === 'pick_one' || kind === 'yes_no') {
    button = pick([...dock.querySelectorAll('button.answer')]);
  } else if (kind === 'pick_subset') {
    const set = dock.querySelector('#subset');
    const boxes = [...set.querySelectorAll('input[type=checkbox]')];
    const lo = +set.dataset.lo;
    boxes.forEach((b, i) => { b.checked = i < lo; });
    button = dock.querySelector('button[data-act=submit-subset]');
  } else {
    const box = dock.querySelector('#count');
    if (box && box.value === '') box.value = box.min;  // (an empty box: a number typed)
    button = dock.querySelector('button.answer.primary') || dock.querySelector('button.answer');
  }
  button.click();
  return kind;
}"""


def browser_profile(out: Path, source: Path, dist: Path, finished: Path,
                    restored: Path) -> list[str]:
    """A player's whole localStorage after playing all four games in real Chromium on the
    old build: games mid-way (one with a procedure open, one with answers undone), a game
    keyed in with an own deck, decks, changed settings, an imported finished game and an
    imported game that opened without its undo history (its original held)."""
    from playwright.sync_api import sync_playwright

    with served(source, dist) as base, sync_playwright() as pw, \
            tempfile.TemporaryDirectory() as profile:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path="/usr/bin/chromium", headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
            viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.goto(base + "icons/icon.svg")
        page.evaluate("() => { localStorage.clear(); localStorage.setItem('automa.settings',"
                      " JSON.stringify({lang: 'en'})); }")
        page.goto(base)
        ready(page)

        def start(game: str, seed: int, picks: dict[str, str]) -> None:
            page.goto(base + f"#/new/{game}")
            page.wait_for_selector("#new-form")
            for option, index in picks.items():
                page.evaluate("""([o, i]) => {
                    const e = document.querySelector(`[data-option="${o}"][value="${i}"]`)
                           || document.querySelector(`select[data-option="${o}"]`);
                    if (e.tagName === 'SELECT') e.value = i; else e.checked = true;
                }""", [option, index])
            page.fill("#seed", str(seed))
            page.click('button[data-act="start"]')
            page.wait_for_selector("#prompt")

        def answer(n: int, x: float = 0.0) -> None:
            for i in range(n):
                if page.evaluate(ANSWER_JS, (x + 0.37 * i) % 1) is None:
                    return
                page.wait_for_timeout(30)

        start("tapestry", 11, {"difficulty": "3"})
        answer(14)
        page.click("#undo")
        page.click("#undo")
        page.click("#redo")
        start("age_of_innovation", 12, {"difficulty": "2", "faction": "3"})
        answer(18)
        start("civ_new_dawn", 13, {"difficulty": "4", "leader": "6"})
        answer(10)
        page.evaluate("() => document.querySelector('[data-act=proc]').click()")
        page.wait_for_timeout(300)
        # My decks: a deck keyed in from the companion copy, and a blank draft
        page.goto(base + "#/decks/glory_of_civilizations")
        page.wait_for_selector(".decks")
        page.click('button[data-act="deck-new"][data-arg="companion"]')
        page.wait_for_selector(".deck-editor")
        page.fill("#deck-name", "My box")
        page.dispatch_event("#deck-name", "change")
        page.select_option('[data-field="main.1"]', "battles")
        page.wait_for_selector('[data-field="main.1"] option[value="battles"][selected]',
                               state="attached")
        page.click('button[data-act="deck-save"]')
        page.wait_for_selector(".banner")
        page.click('button[data-act="deck-new"][data-arg="blank"]')
        page.wait_for_selector(".deck-editor")
        page.fill('[data-field="number"]', "0")
        page.dispatch_event('[data-field="number"]', "change")
        page.wait_for_selector("#field-number-error")
        page.goto(base + "#/new/glory_of_civilizations")
        page.wait_for_selector("#deck-choice")
        deck_id = page.eval_on_selector("#deck-choice option:nth-child(2)", "e => e.value")
        page.select_option("#deck-choice", deck_id)
        page.fill("#seed", "14")
        page.click('button[data-act="start"]')
        page.wait_for_selector("#prompt")
        answer(9, 0.5)
        start("glory_of_civilizations", 15, {"players": "2"})
        answer(4)
        # imports: a finished game, and one whose answers no longer replay (held original)
        page.goto(base + "#/")
        page.wait_for_selector("#import-file", state="attached")
        for path in (finished, restored):
            before = page.evaluate("() => localStorage.length")
            page.set_input_files("#import-file", str(path))
            page.wait_for_function(f"localStorage.length > {before}")
            page.wait_for_selector("#prompt, .play", state="attached")
            page.goto(base + "#/")
            page.wait_for_selector("#import-file", state="attached")
        # settings last: theme, text size, paper, then Ukrainian
        page.goto(base + "#/settings")
        page.wait_for_selector("[data-setting]")
        for name, value in (("theme", "dark"), ("text", "1.15"), ("paper", "letter"),
                            ("lang", "uk")):
            page.check(f'[data-setting="{name}"][value="{value}"]')
            page.wait_for_timeout(200)
        page.wait_for_timeout(500)
        storage = page.evaluate(
            "() => Object.fromEntries(Object.keys(localStorage).sort()"
            ".map(k => [k, localStorage.getItem(k)]))")
        context.close()
    return [put(out, "browser/profile-four-games.json",
                json.dumps(storage, ensure_ascii=False, indent=1))]


def ready(page: Any) -> None:
    page.wait_for_selector("body[data-py-ready]", state="attached", timeout=90_000)


def doctored(restored_rel: str, out: Path, tmp: Path) -> tuple[Path, Path]:
    """Files to import in the browser: a finished game, and a save whose answers fail."""
    import automa

    s = automa.new_game("glory_of_civilizations", {"difficulty": "hard"}, seed=21)
    play_to_end(s, random.Random(21))
    finished = tmp / "finished.json"
    finished.write_text(s.to_json())
    t = automa.new_game("age_of_innovation", {"difficulty": "automa"}, seed=22)
    play(t, 15, random.Random(22))
    envelope = json.loads(t.to_json())
    envelope["actions"] = [*envelope["actions"][:-2], {"answer": "no such answer"}]
    broken = tmp / "broken.json"
    broken.write_text(json.dumps(envelope))
    return finished, broken


# --- the terminal ----------------------------------------------------------------------------
def cli_autosaves(out: Path, source: Path) -> list[str]:
    """The terminal's autosave folder after playing each game, and a second Tapestry game
    (the first kept as ``*.previous.json``), one game resumed."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "automa-companion"
        deck = Path(tmp) / "deck.json"
        from automa.games.glory_of_civilizations import editor

        deck.write_text(editor.deck_to_json(keyed_in_deck()))
        lines = "\n".join(["1", "y", "", "2", "0", "1 2", "1"] * 6 + ["u", "u", "r", "q"]) + "\n"
        runs = [["tapestry", "--seed", "31"], ["tapestry", "--seed", "32", "--lang", "uk"],
                ["age_of_innovation", "--seed", "33", "-o", "faction=druids"],
                ["civ_new_dawn", "--seed", "34", "-o", "humans=2"],
                ["glory_of_civilizations", "--seed", "35", "--deck", str(deck)],
                ["civ_new_dawn", "--resume"]]
        env = {**os.environ, "PYTHONPATH": str(source / "py"), "AUTOMA_DATA_DIR": str(folder)}
        for args in runs:
            subprocess.run([sys.executable, "-m", "automa", "play", *args], input=lines,
                           text=True, env=env, capture_output=True, check=True, timeout=120)
        # (the game records later releases keep in records/ are not part of this corpus)
        return [put(out, f"cli/automa-companion/{p.name}", p.read_text())
                for p in sorted(folder.iterdir()) if p.is_file()]


def release_commit(source: Path, out: Path) -> str:
    """The commit of the release checked out at ``source``, once sure its engine is the one
    on the path and ``out`` is not there yet (frozen files are never made again)."""
    import automa

    if not Path(automa.__file__).resolve().is_relative_to(source.resolve()):
        raise SystemExit(f"the engine on the path is not the release's: {automa.__file__}")
    if out.exists():
        raise SystemExit(f"{out} exists: frozen files are never regenerated")
    return subprocess.run(["git", "-C", str(source), "rev-parse", "HEAD"],
                          capture_output=True, text=True, check=True).stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, required=True)
    parser.add_argument("--dist", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    import automa

    commit = release_commit(args.source, args.out)
    out = args.out
    out.mkdir(parents=True)
    manifest: dict[str, Any] = {"commit": commit, "engine": automa.ENGINE_VERSION
                                if hasattr(automa, "ENGINE_VERSION") else None}
    manifest["saves"] = engine_saves(out)
    manifest["decks"] = decks(out)
    manifest["settings"] = settings(out)
    with tempfile.TemporaryDirectory() as tmp:
        finished, broken = doctored("", out, Path(tmp))
        manifest["browser"] = browser_profile(out, args.source, args.dist, finished, broken)
    manifest["cli"] = cli_autosaves(out, args.source)
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
