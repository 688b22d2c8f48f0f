"""The layout of ``bridge/`` as the documents draw it (issue 34): ``ls bridge/`` answers
where the commands, the rules, the publishing are. Every group (sub-package) is a row of
the README's layout and a layer of the import contract, and every module of the core is
named in its group's row of ``docs/architecture.md``: a module added at the root or to a
group fails here until the drawing says where it is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

BRIDGE = ROOT / "bridge"


def _groups() -> set[str]:
    return {p.parent.name for p in BRIDGE.glob("*/__init__.py")}


def _modules(folder: Path) -> set[str]:
    return {p.stem for p in folder.glob("*.py") if p.stem not in ("__init__", "__main__")}


def _section(path: Path, heading: str) -> str:
    text = path.read_text(encoding="utf-8")
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start : end if end >= 0 else len(text)]


def test_the_readme_lists_every_group() -> None:
    layout = _section(ROOT / "README.md", "## Layout")
    assert set(re.findall(r"^\| `bridge/(\w+)/` \|", layout, re.MULTILINE)) == _groups()


def test_the_architecture_names_every_module_in_its_group() -> None:
    table = _section(ROOT / "docs" / "architecture.md", "## Groups and layers")
    rows = {
        m.group(1): set(re.findall(r"`(\w+)`", m.group(2)))
        for m in re.finditer(r"^\| `?(\w+)/?`?(?:, `\w+/`)? \| ([^|]*) \|", table, re.MULTILINE)
    }
    for group in _groups():
        assert group in rows, f"docs/architecture.md: no row for bridge/{group}/"
        missing = _modules(BRIDGE / group) - rows[group]
        assert not missing, f"docs/architecture.md: bridge/{group}/ row lacks {sorted(missing)}"
    missing = _modules(BRIDGE) - rows["root"]
    assert not missing, f"bridge/ root modules {sorted(missing)}: move them into their group (docs/architecture.md)"


def test_every_group_is_a_layer_of_the_contract() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (layers,) = [c["layers"] for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers"]
    named = {name.strip() for layer in layers for name in layer.split("|")}
    assert {f"swissbridge.{group}" for group in _groups()} <= named
    assert {f"swissbridge.{module}" for module in _modules(BRIDGE)} <= named
