"""The distribution's packages are found, not listed (issue 34): every folder of
``bridge/``, ``formats/`` and ``plugins/`` with an ``__init__.py`` is a package of the
wheel, with its ``*.json`` schemas, without an edit of ``pyproject.toml`` or
``setup.py``. A system copied in as ``plugins/NAME/`` (the third-party toy,
``tests/thirdparty/swissbridge_fold``, as it is) is shipped with no edit outside its
folder: found by ``plugins.shipped()``, in the built wheel, and pairing from it."""

from __future__ import annotations

import json
import os
import runpy
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from swissbridge import plugins

from tests.conftest import ROOT, SAMPLES

SOURCES = ("pyproject.toml", "setup.py", "README.md", "bridge", "formats", "plugins")
"""What building the distribution reads."""

TOY = ROOT / "tests" / "thirdparty" / "swissbridge_fold"


def _tree_with_the_toy(folder: Path) -> Path:
    """A copy of the sources with the toy system copied in as ``plugins/fold/`` (and a
    schema of its own), nothing else edited."""
    tree = folder / "tree"
    tree.mkdir()
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tree / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, tree / name)
    shutil.copytree(TOY, tree / "plugins" / "fold", ignore=shutil.ignore_patterns("__pycache__"), dirs_exist_ok=True)
    (tree / "plugins" / "fold" / "details.schema.json").write_text('{"type": "object"}\n', encoding="utf-8")
    return tree


def _found(tree: Path) -> list[str]:
    """The packages ``setup.py`` finds in ``tree``."""
    here = Path.cwd()
    os.chdir(tree)
    try:
        found: list[str] = runpy.run_path(str(tree / "setup.py"), run_name="setup")["packages"]()
    finally:
        os.chdir(here)
    return found


def test_every_folder_is_a_package_of_the_distribution(tmp_path: Path) -> None:
    """Every shipped system, every sub-package of the core and of the formats, and a
    system just copied in."""
    found = _found(_tree_with_the_toy(tmp_path))
    folders = {
        f"swissbridge{'.' + root if root != 'bridge' else ''}"
        + "".join(f".{part}" for part in init.parent.relative_to(ROOT / root).parts)
        for root in ("bridge", "formats", "plugins")
        for init in (ROOT / root).rglob("__init__.py")
    }
    assert {f"swissbridge.plugins.{name}" for name in plugins.shipped()} <= set(found)
    assert "swissbridge.plugins.fold" in found
    assert set(found) == folders | {"swissbridge.plugins.fold"}
    assert "swissbridge.formats.pgn" in found and "swissbridge.watch" in found  # sub-packages two deep


def _wheel(tree: Path, folder: Path) -> Path:
    """The wheel ``pip wheel`` builds from ``tree`` (the build backend from the package
    index, or pip's cache)."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(folder), str(tree)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0 and "No matching distribution found for setuptools" in done.stderr:
        pytest.skip("no package index to fetch the build backend (setuptools) from")
    assert done.returncode == 0, done.stderr
    (wheel,) = folder.glob("swissbridge-*.whl")
    return wheel


def test_the_wheel_holds_every_system_and_its_schema_and_a_copied_one_pairs(tmp_path: Path) -> None:
    wheel = _wheel(_tree_with_the_toy(tmp_path), tmp_path / "dist")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        archive.extractall(tmp_path / "site")
    for name in (*plugins.shipped(), "fold"):
        assert f"swissbridge/plugins/{name}/__init__.py" in names
    for schema in (ROOT / "plugins").glob("*/*.json"):
        assert f"swissbridge/plugins/{schema.parent.name}/{schema.name}" in names
    assert "swissbridge/plugins/fold/details.schema.json" in names and "swissbridge/py.typed" in names
    sources = {f"swissbridge/{p.relative_to(ROOT / 'bridge').as_posix()}" for p in (ROOT / "bridge").rglob("*.py")}
    assert sources <= names
    script = (
        "import json, sys, swissbridge\n"
        "from swissbridge import plugins\n"
        "from swissbridge.cli.launch import parse_pair, plain_pair\n"
        "print(json.dumps([swissbridge.__file__, plugins.shipped()]))\n"
        "sys.exit(plain_pair(parse_pair([sys.argv[1], '--system', 'fold', '-f', 'pairlist'])))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script, str(SAMPLES / "open-round4.trf")],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path / "site")},
    )
    assert run.returncode == 0, run.stderr
    first, *pairlist = run.stdout.splitlines()
    location, shipped = json.loads(first)
    assert Path(location).is_relative_to(tmp_path / "site") and "fold" in shipped
    assert int(pairlist[0]) == len(pairlist) - 1 > 0  # the boards, paired by the copied system
