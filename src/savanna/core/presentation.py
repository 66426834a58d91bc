"""What a game shows people: the presentation facet of :class:`~savanna.core.game.Game`.

Interfaces (the terminal, the web pages, the reports) never guess how to show a game:
the game draws its observations as text (:meth:`GamePresentation.render_text`, 80 columns)
and SVG (:meth:`GamePresentation.render_svg`), names every symbol of both drawings
(:meth:`GamePresentation.legend`, :meth:`GamePresentation.drawing_legend`), summarises its
rules, tells a seat its own secrets in sentences and works out the final score line by
line. The two drawings are required; every other hook has a safe default.
:class:`~savanna.core.game.Game` inherits this facet, so a game writes these hooks in its
``Game`` subclass like every other.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

from savanna.core.display import ScoreSheet

if TYPE_CHECKING:
    from savanna.core.game import GameSpec, Observation, State

__all__ = ["GamePresentation"]


class GamePresentation(ABC):
    """The hooks interfaces call to show a game to people (see the module's docstring)."""

    spec: ClassVar[GameSpec]

    @abstractmethod
    def render_text(self, observation: Observation, lang: str = "en") -> str:
        """A plain-text drawing of what ``observation`` shows (ASCII, fits 80 columns)."""

    @abstractmethod
    def render_svg(self, observation: Observation, lang: str = "en") -> str:
        """An SVG drawing of what ``observation`` shows, its words in ``lang``.

        Every word drawn (labels, titles, letters people read) is in ``lang`` (``"en"`` or
        ``"fr"``), like :meth:`render_text`; ``data-target`` keys (see
        :meth:`State.action_targets`) are the same in every language.
        """

    def text_styles(self, lang: str = "en") -> list[tuple[str, str]] | None:
        """Colours for :meth:`render_text` drawings (optional hook for terminals).

        ``(regular expression, style)`` pairs, applied in order to the plain-text drawing;
        styles are Rich style strings (``"bold red"``). The default ``None`` lets the
        terminal use its generic highlighter.
        """
        return None

    def legend(self, lang: str = "en") -> list[tuple[str, str]]:
        """What each symbol of :meth:`render_text` means: ``(symbol, meaning)`` pairs.

        The default (no legend) suits only games whose drawing explains itself; every
        registered game gives one (the conformance suite checks it).
        """
        return []

    def drawing_legend(self, lang: str = "en") -> list[tuple[str, str]]:
        """What each shape and colour of :meth:`render_svg` means: ``(swatch, meaning)`` pairs.

        ``swatch`` is a small standalone SVG drawing of the symbol as :meth:`render_svg`
        draws it (a few units high, with a ``viewBox``); ``meaning`` is a sentence in
        ``lang``. Pages show these pairs beside the drawing, so that it explains itself.
        The default (none) suits only drawings that carry their own key.
        """
        return []

    def rules_summary(self, lang: str = "en") -> str:
        """A short summary of the rules for in-app help (a few lines of plain text).

        The default is the spec's one-paragraph summary (English); games give their own
        from their catalogue.
        """
        return self.spec.summary

    def has_decisions(self) -> bool:
        """Whether a seat ever chooses between actions in this configuration.

        ``False`` for a game (or ruleset) whose every seat action is forced, such as the
        Hyena game's throw-until rulesets: interfaces then play those actions by themselves
        (the terminal's ``auto``). The default is ``True``.
        """
        return True

    def action_paths(self, state: State, action: int) -> tuple[tuple[str, str, tuple[int, ...]], ...]:
        """Where ``action`` (a legal seat action in ``state``) can take a piece, and how.

        Triples ``(via, end, then)``: clicking the target ``via`` (a piece) and then ``end``
        (where it stops) plays ``action`` and after it the seat's own following actions
        ``then`` (the steps of a path, chosen at once by its last square). Keys are
        ``data-target`` keys of :meth:`render_svg`. The default ``()`` leaves each of those
        actions to be chosen when its turn comes.
        """
        return ()

    def action_walk(self, state: State, action: int) -> tuple[str, ...]:
        """The way a piece goes when ``action`` (legal in ``state``) is played: its
        ``data-target`` key, then the keys of every space it passes from where it stands to
        where it stops (the branch a move chose, not a guess from the drawing). Public, like
        the move: interfaces animate along it. The default ``()``: no such way to show (a
        page walks the drawing's track between where a piece stood and where it stops)."""
        return ()

    def plays_itself(self, state: State, action: int) -> bool:
        """Whether ``action``, the one legal action in ``state``, is forced (a step with no
        fork): a pointing interface plays it for the seat and says so. Default ``False``."""
        return False

    def private_summary(self, observation: Observation, lang: str = "en") -> list[str]:
        """What only the observing seat knows, in sentences for its private panel.

        A seat's own secrets as ``observation`` shows them (a prediction card, berries it
        peeked at), one line each, in ``lang``; nothing for a spectator's observation. The
        default (no secrets to tell) suits games of perfect information.
        """
        return []

    def score_sheets(self, observation: Observation) -> list[ScoreSheet] | None:
        """Each seat's final score worked out line by line, from a final observation.

        Returns ``None`` before the end (the observation is not of a finished game). At the
        end, one :class:`~savanna.core.display.ScoreSheet` per seat, in seat order, whose
        totals are ``state.scores()`` and places ``state.ranking()``; labels come from the
        game's catalogue. The default returns ``None``: the game declares no sheet and
        interfaces show the bare scores.
        """
        return None
