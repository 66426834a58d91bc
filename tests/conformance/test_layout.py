"""Every registered game follows the common package layout (docs/architecture.md, 3).

Each file has its job, checked by what it must hold: the action codec round-trips every id,
the state module holds the game's State class, the message catalogues exist in both
languages, and every module the layout does not name is listed on the game's doc page.
"""

from __future__ import annotations

import ast
import importlib
from importlib.metadata import entry_points
from importlib.resources import files
from pathlib import Path
from types import ModuleType

import pytest

from savanna.core import Game, State, load_game
from savanna.core.registry import ENTRY_POINT_GROUP

LAYOUT = (
    "__init__",
    "game",
    "state",
    "phase",
    "actions",
    "rules",
    "scoring",
    "notation",
    "observation",
    "render",
    "evaluation",
    "heuristic",
)
"""The modules every game package has (docs/architecture.md, section 3)."""
DATA = ("messages.en.toml", "messages.fr.toml")
GAMES = sorted(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))


def _package(name: str) -> tuple[str, Path]:
    cls = load_game(name).__class__
    package = cls.__module__.rpartition(".")[0]
    return package, Path(str(files(package)))


def _module(package: str, name: str) -> ModuleType:
    return importlib.import_module(package if name == "__init__" else f"{package}.{name}")


@pytest.mark.parametrize("name", GAMES)
def test_game_package_has_every_module_of_the_layout(name: str) -> None:
    package, folder = _package(name)
    missing = [m for m in LAYOUT if not (folder / f"{m}.py").is_file()]
    missing += [f"data/{d}" for d in DATA if not (folder / "data" / d).is_file()]
    assert missing == [], f"{package} lacks {missing}"


@pytest.mark.parametrize("name", GAMES)
def test_each_module_holds_its_job(name: str) -> None:
    package, _ = _package(name)
    game = load_game(name)
    assert type(game).__module__ == f"{package}.game", "the Game class lives in game.py"
    assert type(game.new_initial_state()).__module__ == f"{package}.state", "the State class lives in state.py"
    assert issubclass(type(game), Game) and issubclass(type(game.new_initial_state()), State)
    actions = _module(package, "actions")
    assert game.num_distinct_actions == actions.NUM_ACTIONS
    for action_id in range(game.num_distinct_actions):
        value = actions.from_id(action_id)
        assert value.to_id() == action_id and str(value)
    with pytest.raises(ValueError):
        actions.from_id(game.num_distinct_actions)
    rules = _module(package, "rules")
    assert rules.MESSAGES is type(game).catalogue and callable(rules.refusal)
    observation = _module(package, "observation")
    state = game.new_initial_state()
    assert set(observation.view(state.observation(None))) <= set(observation.__dict__[_view_type(observation)].__annotations__)
    for module, functions in (
        ("notation", ("parse_position", "position_text", "describe")),
        ("observation", ("observe", "observation_tensor", "sample_state")),
        ("scoring", ("score_sheets",)),
        ("evaluation", ("estimate_scores",)),
        ("heuristic", ("choose",)),
        ("render", ("legend", "text_styles")),
    ):
        loaded = _module(package, module)
        assert all(callable(getattr(loaded, f, None)) for f in functions), (module, functions)


def _view_type(observation: ModuleType) -> str:
    """The name of the observation data's TypedDict (``<Game>View``)."""
    names = [n for n, v in vars(observation).items() if n.endswith("View") and isinstance(v, type) and v.__module__ == observation.__name__]
    assert names, "observation.py declares the observation data's type"
    top = [n for n in names if "position" in getattr(vars(observation)[n], "__annotations__", {})]
    assert len(top) == 1
    return top[0]


@pytest.mark.parametrize("name", GAMES)
def test_every_extra_module_is_listed_on_the_game_page(name: str) -> None:
    package, folder = _package(name)
    page = _module(package, "__init__").__doc__ or ""
    extras = sorted(p.stem for p in folder.glob("*.py") if p.stem not in LAYOUT)
    assert [m for m in extras if f"``{m}``" not in page] == []
    assert all(f"``{m}``" in page for m in LAYOUT if m != "__init__")


@pytest.mark.parametrize("name", GAMES)
def test_no_module_uses_a_private_name_of_another(name: str) -> None:
    """What a module needs from another is public: no ``other._name`` across modules."""
    package, folder = _package(name)
    offences = []
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(package):
                offences += [f"{path.name} imports {a.name}" for a in node.names if a.name.startswith("_")]
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
            ):
                offences.append(f"{path.name}:{node.lineno} uses .{node.attr}")
    assert offences == []


@pytest.mark.parametrize("name", GAMES)
def test_every_import_is_at_the_top_of_its_module(name: str) -> None:
    """A game's modules import each other at the top (docs/architecture.md, 3): the job
    modules name ``State`` and ``Game`` in annotations only, so no import has to hide in
    a function to break a cycle."""
    _, folder = _package(name)
    offences = []
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                offences += [
                    f"{path.name}:{sub.lineno}" for sub in ast.walk(node) if isinstance(sub, ast.Import | ast.ImportFrom)
                ]
    assert offences == []


MAX_LINES = 700
"""The longest a module of ``src/`` may be (issue 21: split along its seams past this)."""


def test_no_module_is_over_700_lines() -> None:
    src = Path(__file__).resolve().parents[2] / "src" / "savanna"
    sizes = {p.relative_to(src).as_posix(): len(p.read_text(encoding="utf-8").splitlines()) for p in src.rglob("*.py")}
    long = {name: lines for name, lines in sizes.items() if lines > MAX_LINES}
    assert long == {}, "split these modules along their seams"


THIN_LAYERS = {"tui/session.py": 500, "web/live.py": 500}
"""The terminal's session and the server's live table are thin layers around
:class:`savanna.table.Table` (issue 21): screen and keyboard, or lock, store and broadcast."""


@pytest.mark.parametrize("name", sorted(THIN_LAYERS))
def test_the_interfaces_stay_thin_around_the_table(name: str) -> None:
    src = Path(__file__).resolve().parents[2] / "src" / "savanna"
    lines = len((src / name).read_text(encoding="utf-8").splitlines())
    assert lines < THIN_LAYERS[name], f"{name} has {lines} lines: the table's work belongs in savanna.table"


@pytest.mark.parametrize("name", GAMES)
def test_drawings_are_built_as_trees_not_pasted_as_text(name: str) -> None:
    """Every game draws its SVG with ElementTree (docs/architecture.md, the table of modules): no string
    literal in a game's modules opens an SVG element, so text on a drawing is always
    escaped and every drawing parses."""
    _, folder = _package(name)
    offences = []
    for path in sorted(folder.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value.lstrip()
                if text.startswith("<") and text[1:2].isalpha() and not text.startswith("<<"):
                    offences.append(f"{path.name}:{node.lineno}")
    assert offences == [], offences
