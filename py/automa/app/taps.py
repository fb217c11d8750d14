"""What the buttons of Home, the new-game screen and the play screen do, by their
``data-act`` (:data:`ACTIONS`): start, open, export and delete a saved game, answer, undo,
redo, start or cancel a procedure, print cards. The controller looks a tap up here after
the desks' own prefixes (``deck-``, ``record-``, sharing); each tap gets the controller, the
tapped element's ``data-arg`` ("" if none) and the form read from the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import automa
import automa.render as cards
from automa.app import answers, views
from automa.app.answers import PageForm
from automa.app.outcome import Outcome
from automa.core.numbers import SEED_MAX

if TYPE_CHECKING:
    from automa.app.controller import Controller


def do_start(c: Controller, game_id: str, form: PageForm) -> Outcome:
    """Start a new game with the options chosen on the new-game screen."""
    game = c.games.get(game_id)
    if game is None:
        return Outcome(go="#/")
    chosen = form.get("options", {})
    options: dict[str, Any] = {}
    for o in game["options"]:
        i = chosen.get(o["id"])
        if isinstance(i, int) and 0 <= i < len(o["choices"]):
            options[o["id"]] = o["choices"][i]
    seed_text = form.get("seed", "").strip()
    c.banner.dismiss()
    try:
        seed = automa.parse_int(seed_text, -SEED_MAX, SEED_MAX) if seed_text else None
    except automa.AutomaError:
        c.banner.flash(c.t("web.new.bad_seed"))
        return Outcome(show=c.new_game_screen(game_id, form))
    try:
        if form.get("deck") and game_id in c.deck_games:
            options.update(c.desk.chosen_deck(game_id, form.get("deck", "")))
        session = automa.new_game(game_id, options, seed)
    except automa.AutomaError as e:
        c.banner.flash(c.error_text(e))
        return Outcome(show=c.new_game_screen(game_id, form))
    return c.begin(session)


def do_new(c: Controller, game_id: str, form: PageForm) -> Outcome:
    """Go to the options of a new game."""
    return Outcome(go=f"#/new/{game_id}")


def do_continue(c: Controller, save_id: str, form: PageForm) -> Outcome:
    """Open a saved game."""
    c.banner.dismiss()
    return Outcome(go=f"#/play/{save_id}")


def do_export(c: Controller, save_id: str, form: PageForm) -> Outcome:
    """Download a saved game as a .json file (with its record, if it has one)."""
    stored = c.store.load(save_id)
    text = stored.text if stored else None
    if text is None and c.session is not None and save_id == c.slot.save_id:
        text = c.session.to_json()  # (a game the storage could not keep)
    if text is None:
        return Outcome()
    return Outcome(download=(f"automa-{save_id}.json",
                             c.records.export_text(text, save_id)))


def do_export_original(c: Controller, save_id: str, form: PageForm) -> Outcome:
    """Download the original of a game that opened without its history."""
    text = c.store.held(save_id)
    return Outcome(download=(f"automa-{save_id}-original.json", text) if text else None)


def do_accept_held(c: Controller, arg: str, form: PageForm) -> Outcome:
    """The player accepts the game without its history: forget the original."""
    out = c.autosave(c.slot.accept())
    return out if out.go else Outcome(redraw=True)


def do_delete(c: Controller, save_id: str, form: PageForm) -> Outcome:
    """Ask before deleting a saved game (``delete-no`` keeps it)."""
    c.confirm_delete = save_id
    return Outcome(show=c.home_screen())


def do_delete_no(c: Controller, arg: str, form: PageForm) -> Outcome:
    """Keep the saved game."""
    return do_delete(c, "", form)


def do_delete_yes(c: Controller, save_id: str, form: PageForm) -> Outcome:
    """Delete one saved game."""
    c.slot.delete(save_id)
    c.screens.drop(save_id)
    return do_delete(c, "", form)


def do_answer(c: Controller, arg: str, form: PageForm) -> Outcome:
    """Answer the question from its controls."""
    s = c.session
    if s is None or s.prompt is None:
        return Outcome(redraw=True)
    prompt = s.prompt
    return c.play(lambda: s.answer(answers.answer_from(prompt, form)))


def do_undo(c: Controller, arg: str, form: PageForm) -> Outcome:
    """Take back the last answer."""
    return c.play(c.session.undo) if c.session else Outcome(redraw=True)


def do_redo(c: Controller, arg: str, form: PageForm) -> Outcome:
    """Re-apply an undone answer."""
    return c.play(c.session.redo) if c.session else Outcome(redraw=True)


def do_proc(c: Controller, proc_id: str, form: PageForm) -> Outcome:
    """Start a procedure (the player tells the app what they did)."""
    s = c.session
    return c.play(lambda: s.start(proc_id)) if s else Outcome(redraw=True)


def do_cancel(c: Controller, arg: str, form: PageForm) -> Outcome:
    """Cancel the procedure started (the question before it comes back)."""
    return c.play(c.session.cancel) if c.session else Outcome(redraw=True)


def do_print_card(c: Controller, ids: str, form: PageForm) -> Outcome:
    """Print the cards on the table (the pair) at real size."""
    return print_cards(c, ids.split())


def do_print_deck(c: Controller, arg: str, form: PageForm) -> Outcome:
    """Print every card of the game's own deck at real size (in print order; a game
    that keeps no cards in piles prints its game's whole deck)."""
    s = c.session
    if s is None:
        return Outcome()
    every, own = cards.deck(s.game_id), set(s.cards)
    return print_cards(c, [c for c in every if c in own] if own else every)


def print_cards(c: Controller, ids: list[str]) -> Outcome:
    """Real-size sheets of the cards ``ids`` of the game in play."""
    if c.session is None or not ids:
        return Outcome()
    return Outcome(print_sheets=views.print_sheets(c.session.game_id, ids,
                                                   c.settings["paper"], c.lang))


Tap = Callable[["Controller", str, PageForm], Outcome]
"""What a tap does: the controller, the tapped element's ``data-arg`` ("" if none), the form."""

ACTIONS: dict[str, Tap] = {
    "start": do_start,
    "new": do_new,
    "continue": do_continue,
    "export": do_export,
    "export-original": do_export_original,
    "accept-held": do_accept_held,
    "delete": do_delete,
    "delete-no": do_delete_no,
    "delete-yes": do_delete_yes,
    "answer": do_answer,
    "pick": do_answer,
    "submit-pick": do_answer,
    "submit-count": do_answer,
    "submit-subset": do_answer,
    "submit-values": do_answer,
    "undo": do_undo,
    "redo": do_redo,
    "proc": do_proc,
    "cancel": do_cancel,
    "print-card": do_print_card,
    "print-deck": do_print_deck,
}
"""Every ``data-act`` the controller answers (those of "My decks" start with ``deck-``)."""
