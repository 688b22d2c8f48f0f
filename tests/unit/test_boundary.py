"""The plugin boundary (issue 25): the core names no pairing system. Outside a
system's own package (``plugins/NAME/``), no code says a shipped system's name (every
name :func:`swissbridge.plugins.shipped` finds, ``dutch``, ``lim``…) — no name, no
string, no import — but the one setting of the default system
(:data:`swissbridge.systems.DEFAULT`); every table of systems (record 192 codes,
the engine's flags, ``--system``) is built from the installed systems."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from swissbridge import plugins, systems

from tests.conftest import ROOT

WORDS = frozenset({"team", "doubleswiss"})
"""Shipped systems' names that are also words of the core's model: a team event
(C.04.6) is the model's, whichever system pairs it, and so is an event of two-game
matches (record 192 ``FIDE_DOUBLESWISS``, C.04.5: ``model.games_per_round``), whose
points and round columns every command reads."""

NAMED = re.compile(
    rf"(?<![a-z])({'|'.join(name for name in plugins.shipped() if name not in WORDS)})(?![a-z])", re.IGNORECASE
)
"""A shipped system's name as a word (``FIDE_DUTCH``, ``explain_lim``, ``"lim"``; not ``limit``),
built from the registry: a system shipped tomorrow is covered the day it arrives."""

PACKAGES = ("bridge", "formats", "plugins")


def _core_files() -> list[Path]:
    own = [ROOT / "plugins" / name for name in plugins.shipped()]
    return sorted(
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if not any(path.is_relative_to(folder) for folder in own)
    )


def _code_tokens(path: Path) -> list[tuple[int, str]]:
    """The names and the strings of ``path`` that are code: documentation (a string
    standing as a statement: a docstring) and comments left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            found.append((node.lineno, repr(node.value)))
        elif isinstance(node, ast.Name):
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            found.append((node.lineno, node.attr))
        elif isinstance(node, ast.ImportFrom):
            found += [(node.lineno, node.module or ""), *((node.lineno, a.name) for a in node.names)]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.append((node.lineno, node.name))
        elif isinstance(node, (ast.arg, ast.keyword)) and node.arg:
            found.append((node.lineno, node.arg))
    return found


def test_no_code_outside_a_system_names_one() -> None:
    default = ROOT / "bridge" / "systems" / "__init__.py"
    named = [
        f"{path.relative_to(ROOT)}:{line}: {text}"
        for path in _core_files()
        for line, text in _code_tokens(path)
        if NAMED.search(text) and not (path == default and text == repr(systems.DEFAULT))
    ]
    assert named == []


def test_the_default_is_set_once() -> None:
    source = (ROOT / "bridge" / "systems" / "__init__.py").read_text(encoding="utf-8")
    assert source.count(f'"{systems.DEFAULT}"') == 1 and f'DEFAULT = "{systems.DEFAULT}"' in source


def test_the_check_sees_a_name(tmp_path: Path) -> None:
    """The test above can fail: a string naming a system, a name, an import are seen;
    a docstring and a comment are not."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Pairs like the Dutch system."""\n'
        "import swissbridge.plugins.lim  # the Lim system\n"
        'SYSTEM = "dutch"\n'
        'CODE = f"FIDE_{x}_LIM"\n'
        "def f() -> None:\n"
        '    """Not Lim either."""\n',
        encoding="utf-8",
    )
    assert sorted(text for _, text in _code_tokens(sample) if NAMED.search(text)) == [
        "'_LIM'",
        "'dutch'",
        "swissbridge.plugins.lim",
    ]


@pytest.mark.parametrize("name", plugins.shipped())
def test_every_shipped_system_says_who_it_is(name: str) -> None:
    """A shipped package's ``SYSTEM`` follows the protocol and declares its name (the
    package's), its record 192 codes, its engine flag and what it pairs."""
    from swissbridge.plugins import PairingSystem
    from swissbridge.plugins import _instance as checked
    from swissbridge.plugins.protocol import lacking

    system = plugins.load(name)
    assert lacking(system) == [] and isinstance(system, PairingSystem)
    assert checked(name, type(system)).name == name
    assert all(code == code.strip().upper() for code in system.codes)


def test_no_two_systems_share_a_code_or_a_flag() -> None:
    loaded = plugins.loaded_all()
    every = [code for s in loaded for code in s.codes]
    flags = [s.engine_flag for s in loaded]
    assert len(every) == len(set(every)) and len(flags) == len(set(flags))
    assert systems.codes() == {code: s.name for s in loaded for code in s.codes}


def _loaded_by_a_pair(path: Path) -> set[str]:
    """The modules a plain ``pair PATH -f pairlist`` has loaded when it ends."""
    import subprocess
    import sys

    script = (
        "import sys; from swissbridge.cli.launch import parse_pair, plain_pair; "
        f"code = plain_pair(parse_pair([{str(path)!r}, '-f', 'pairlist'])); "
        "print(' '.join(sorted(sys.modules)), file=sys.stderr); sys.exit(code)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(done.stderr.split())


def _package_only(package: str) -> set[str]:
    """The modules importing ``package`` alone loads."""
    import subprocess
    import sys

    code = f"import sys, {package}; print(' '.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    return set(done.stdout.split())


def test_reading_who_a_system_is_loads_none_of_its_pairing(tmp_path: Path) -> None:
    """A ``pair`` of a file whose record 192 names a shipped system other than the
    default asks the default who it is (its package) but loads none of the modules
    the default pairs with, and scans no entry point."""
    one_game = [name for name in plugins.shipped() if systems.games_per_round(plugins.load(name)) == 1]
    other = next(name for name in one_game if name != systems.DEFAULT)  # the sample's rounds are single games
    sample = ROOT / "samples" / "open-round4.trf"
    path = tmp_path / "other.trf"
    code = plugins.load(other).codes[0]
    path.write_text(sample.read_text(encoding="utf-8").replace("192 FIDE_DUTCH_2026", f"192 {code}"), "utf-8")
    default = f"swissbridge.plugins.{systems.DEFAULT}"
    pairing = {m for m in _loaded_by_a_pair(sample) if m.startswith(default + ".")}
    loaded = _loaded_by_a_pair(path)
    assert default in loaded and f"swissbridge.plugins.{other}" in loaded
    own = _package_only(default)
    assert pairing - own  # the default pairs with modules its package does not load
    assert not (pairing - own) & loaded
    assert "importlib.metadata" not in loaded
