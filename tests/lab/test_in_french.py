"""The lab in French: ``savanna simulate`` and ``savanna tournament`` as a French reader
sees them (their ``--help`` under a French locale or ``--lang fr``, what they print), and
the same commands unchanged in English."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from savanna.cli import app
from savanna.cli.errors import MESSAGES

ROOT = Path(__file__).resolve().parents[2]
BOX = re.compile(r"[│╭╮╰╯─]")

SIMULATE_HELP = [
    "simulate", "game", "bots", "report", "games", "vary", "test", "until_width", "until_score_width",
    "restrict", "margin", "score_margin", "workers", "ray", "seed", "force", "no_records", "quiet", "lang",
]  # fmt: skip
TOURNAMENT_HELP = ["tournament", "game", "bots", "pairing_games", "workers", "ray", "seed", "quiet", "lang"]


def flat(text: str) -> str:
    """Text as read, whatever the wrapping: box lines gone, spaces (no-break ones too) single."""
    return " ".join(BOX.sub(" ", text).replace("\u00a0", " ").replace("`", "").split())


def help_of(command: str, *flags: str, env: dict[str, str]) -> str:
    """``savanna COMMAND --help`` as a program, at 80 columns."""
    full = {**os.environ, "COLUMNS": "80", "LINES": "24", "NO_COLOR": "1", "TERM": "dumb", **env}
    full.pop("LC_ALL", None)
    full.pop("LC_MESSAGES", None)
    full["PYTHONPATH"] = str(ROOT / "src")
    done = subprocess.run(
        [sys.executable, "-m", "savanna.cli", command, "--help", *flags],
        capture_output=True,
        text=True,
        env=full,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return flat(done.stdout)


@pytest.mark.parametrize(
    ("command", "keys", "flags", "env"),
    [
        ("simulate", SIMULATE_HELP, (), {"LANG": "fr_FR.UTF-8"}),
        ("simulate", SIMULATE_HELP, ("--lang", "fr"), {"LANG": "C.UTF-8"}),
        ("tournament", TOURNAMENT_HELP, (), {"LANG": "fr_FR.UTF-8"}),
    ],
)
def test_the_lab_commands_help_is_french_under_a_french_locale_or_lang_fr(
    command: str, keys: list[str], flags: tuple[str, ...], env: dict[str, str]
) -> None:
    shown = help_of(command, *flags, env=env)
    for key in keys:
        french = flat(MESSAGES.text(f"lab.help.{key}", "fr"))
        english = flat(MESSAGES.text(f"lab.help.{key}", "en"))
        assert french in shown, key
        assert english not in shown, key


def test_the_lab_commands_help_stays_english_in_an_english_locale() -> None:
    shown = help_of("simulate", env={"LANG": "en_GB.UTF-8"})
    assert "Play many games between bots and write a report with 95% confidence intervals." in shown
    assert "Comma-separated bot specs, cycled to fill the seats" in shown
    assert "Jouer de nombreuses parties" not in shown


def test_simulate_prints_in_french_with_lang_fr(toystats: type, tmp_path: Path) -> None:
    args = ["simulate", "toystats", "-n", "12", "-b", "heuristic,random", "-w", "1", "-q"]
    # A folder long enough that the report's path would be broken at 80 columns: it never is.
    folder = tmp_path / ("a-folder-with-a-long-name-" * 3) / "fr"
    french = [*args, "-t", "seat", "--restrict", "never-a", "-r", str(folder), "--lang", "fr"]
    done = CliRunner().invoke(app, french)
    assert done.exit_code == 0, done.output
    out = flat(done.output)
    assert "toystats : 12 parties, taux de victoire [IC 95 %]" in out
    assert "robot" in out and "places-parties" in out
    assert "Le facteur « place » change-t-il le taux de victoire ?" in out
    assert "never-a (ne bouge jamais A) : taux de victoire" in out and "sans restriction ;" in out
    assert f"rapport : {folder / 'report.md'}" in out
    report = (folder / "report.md").read_text(encoding="utf-8")
    assert report.startswith("# Rapport de simulation")
    assert "--lang fr" in report  # the command that regenerates it asks for French again
    english = CliRunner().invoke(app, [*args, "-r", str(tmp_path / "en"), "--lang", "en"])
    assert "toystats: 12 games, win rate [95% CI]" in flat(english.output)
    assert f"report: {tmp_path / 'en' / 'report.md'}" in flat(english.output)
    assert "--lang" not in (tmp_path / "en" / "report.md").read_text(encoding="utf-8")


def test_tournament_prints_in_french_with_lang_fr(toy_game_class: type) -> None:
    args = ["tournament", "toy", "-b", "random,heuristic", "-n", "1", "-w", "1", "-q", "--lang", "fr"]
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    out = flat(done.output)
    assert "toy : toutes rondes, 1 partie par paire" in out
    assert "face à face : victoires de la ligne / parties contre la colonne" in out
    assert {"rang", "robot", "classement", "parties"} <= set(out.split())


def test_a_lab_refusal_is_french_with_lang_fr(
    toystats: type, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["simulate", "toystats", "-b", "random", "-t", "seat", "--until-width", "200"]
    args += ["-r", str(tmp_path), "-q", "--lang", "fr"]
    monkeypatch.setattr(sys, "argv", ["savanna", *args])  # errors find --lang on the command line
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 2
    assert "--until-width est en points de taux de victoire (au plus 100), pas 200" in flat(done.output)


# --- the report ------------------------------------------------------------------------------

REPORT_WORDS = ("report.", "plot.", "verdict.", "question.", "restricted.", "who.", "test.", "method.", "summary.")
PIECE = re.compile(r"\{[^{}]*\}")
WORD = re.compile(r"[^\W\d_]{2,}")


def phrases(lang: str) -> set[str]:
    """Every run of three words or more the report's templates write in ``lang``."""
    found = set()
    for key in LAB:
        if not key.startswith(REPORT_WORDS):
            continue
        for piece in PIECE.split(LAB.template(key, lang)):
            words = [w.strip(".,;:!?()[]«»'\"*`|") for w in piece.split()]
            run: list[str] = []
            for word in [*words, ""]:
                if WORD.fullmatch(word):
                    run.append(word)
                    continue
                if len(run) >= 3:
                    found.add(" ".join(run))
                run = []
    return found


def words_of(text: str) -> str:
    """The words of ``text`` one space apart, punctuation and markup left out."""
    words = (w.strip(".,;:!?()[]«»'\"*`|") for w in text.replace("\u00a0", " ").split())
    return " ".join(w for w in words if w)


@pytest.fixture(scope="module")
def reports(toystats: type, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The same run (seat, order, bot, a game statistic and a varied option tested, a
    restriction, a stopping rule) written as an English and a French report."""
    from savanna.lab import SimulationPlan, run_simulation, summarise
    from savanna.lab.fairness import FairnessSettings, answer, run_until_answered
    from savanna.lab.report import write_report
    from savanna.lab.restricted import RestrictedPlay

    plan = SimulationPlan.create("toystats", bots=["heuristic", "random"], games=36, seed=3, players=3)
    factors = ["seat", "order", "bot", "winner"]
    settings = FairnessSettings(width=0.9, permutations=99)
    outcomes, stopping = run_until_answered(plan, factors, settings, workers=1)
    summary = summarise(plan, outcomes)
    summary["tests"] = answer(plan, outcomes, factors, settings)
    summary["stopping"] = stopping
    design = RestrictedPlay.create(
        "toystats", bot="heuristic", restriction="never-a", games=len(outcomes), seed=3, opponents=["random"], players=3
    )
    summary["restricted_play"] = {"bot": "heuristic", "results": [design.run(workers=1, baseline=outcomes)]}
    varied = SimulationPlan.create("toystats", bots=["random"], games=12, seed=4, vary={"length": ["5", "6"]})
    varied_outcomes = run_simulation(varied, workers=1)
    varied_summary = summarise(varied, varied_outcomes)
    varied_summary["tests"] = answer(varied, varied_outcomes, ["length"], settings)
    out = {}
    for lang in ("en", "fr"):
        root = tmp_path_factory.mktemp(lang)
        write_report(root / "run", summary, outcomes, command="savanna simulate toystats", lang=lang)
        write_report(root / "varied", varied_summary, varied_outcomes, command="c", lang=lang)
        out[lang] = root
    return out


LAB = __import__("savanna.lab.simulation", fromlist=["MESSAGES"]).MESSAGES


@pytest.mark.parametrize("run", ["run", "varied"])
def test_a_french_report_has_no_english_sentence_left(reports: dict[str, Path], run: str) -> None:
    french = words_of((reports["fr"] / run / "report.md").read_text(encoding="utf-8"))
    english = words_of((reports["en"] / run / "report.md").read_text(encoding="utf-8"))
    left = sorted(p for p in phrases("en") if p in french)
    assert left == []
    assert sorted(p for p in phrases("fr") if p in english) == []  # and no French in English
    assert sum(p in english for p in phrases("en")) > 20  # the phrases are really the report's


def test_a_french_report_reads_as_a_french_reader_expects(reports: dict[str, Path]) -> None:
    text = (reports["fr"] / "run" / "report.md").read_text(encoding="utf-8")
    for line in (
        "# Rapport de simulation\u00a0: toystats",
        "## Questions d'équité",
        "### Le facteur «\u00a0place\u00a0» change-t-il le taux de victoire\u00a0?",
        "### Une place est-elle favorisée selon le facteur «\u00a0winner\u00a0»\u00a0?",
        "### Toutes les valeurs du facteur «\u00a0winner\u00a0» sont-elles aussi fréquentes\u00a0?",
        "## Jeu restreint",
        "## Taux de victoire par place",
        "| place | victoires | taux de victoire [IC 95\u00a0%] | score moyen |",
        "## Statistiques des parties",
    ):
        assert line in text.splitlines(), line
    assert "| le 1er joueur |" in text and "| le 2e joueur |" in text
    assert "La série a joué jusqu'à ce que chaque intervalle de taux de victoire soit large" in text
    assert "Avec 36 parties, ce test détecte un écart de" in text
    assert "- `never-a`\u00a0: " in text


def test_the_french_reports_numbers_are_the_english_ones_written_the_french_way(
    reports: dict[str, Path],
) -> None:
    number = re.compile(r"[-+]?\d+(?:\.\d+)?")

    def tables(text: str) -> list[list[str]]:
        return [number.findall(line) for line in text.splitlines() if line.startswith("|")]

    def as_english(text: str) -> str:
        return text.replace(",", ".").replace("\u00a0%", "%").replace("\u202f", "")

    for run in ("run", "varied"):
        en = (reports["en"] / run / "report.md").read_text(encoding="utf-8")
        fr = (reports["fr"] / run / "report.md").read_text(encoding="utf-8")
        assert tables(en) == tables(as_english(fr)) and len(tables(en)) > 20
        assert re.search(r"\d\.\d", "".join(line for line in fr.splitlines() if line.startswith("| "))) is None
    fr = (reports["fr"] / "run" / "report.md").read_text(encoding="utf-8")
    assert re.search(r"\| \d+,\d\u00a0% \[\d+,\d\u00a0%\u00a0; \d+,\d\u00a0%\] \|", fr)  # 28,3 % [20,1 % ; 35,0 %]
    assert "puissance de 80\u00a0%, niveau de 5\u00a0%" in fr


def test_the_french_plots_have_french_titles_axes_and_legends(reports: dict[str, Path], toystats: type) -> None:
    import json

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from savanna.lab.report import _number_ticks, _plot_list, _View

    summary = json.loads((reports["fr"] / "run" / "summary.json").read_text(encoding="utf-8"))
    games = [{"scores": [1, 2, 3], "seats": ["heuristic", "random", "heuristic"], "decisions": 9}] * 3
    shown = []
    ticks = []
    for _, draw in _plot_list(_View(summary, "fr"), games):
        fig = draw(plt)
        _number_ticks(fig, "fr")
        fig.canvas.draw()
        for ax in fig.axes:
            ticks += [t.get_text() for t in ax.get_xticklabels()]
            shown += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
            shown += [t.get_text() for t in ax.get_yticklabels()]
            legend = ax.get_legend()
            shown += [t.get_text() for t in legend.get_texts()] if legend else []
        plt.close(fig)
    text = words_of(" ".join(shown))
    assert sorted(p for p in phrases("en") if p in text) == []
    for words in ("Taux de victoire par place", "place 1", "une sur 3", "score final", "Longueur des parties"):
        assert words in text, words
    assert "écart à la moyenne points de taux de victoire" in text
    assert "0,1" in ticks and not [t for t in ticks if re.search(r"\d\.\d", t)]  # numbers on the axes too




def test_summary_json_keeps_each_sentence_in_every_language(reports: dict[str, Path]) -> None:
    import json

    summary = json.loads((reports["en"] / "run" / "summary.json").read_text(encoding="utf-8"))
    assert set(summary["labels"]) == set(LAB.languages) and summary["labels"]["fr"]["order"] == "ordre de jeu"
    for q in summary["tests"]["questions"]:
        assert set(q["said"]) == set(LAB.languages)
        english = q["said"]["en"]
        assert (english["question"], english["verdict"], english["power"]) == (q["question"], q["verdict"], q["power"]["text"])
        assert english["who"] == [row["who"] for row in q["levels"]]
        assert q["said"]["fr"]["verdict"] != q["verdict"]
    row = summary["restricted_play"]["results"][0]
    assert row["said"]["en"]["verdict"] == row["verdict"] != row["said"]["fr"]["verdict"]
