"""The packages of the distribution, found rather than listed (issue 34): every folder
with an ``__init__.py`` below ``bridge/`` (``swissbridge``), ``formats/``
(``swissbridge.formats``) and ``plugins/`` (``swissbridge.plugins``) is a package, so
a new ``plugins/NAME/`` (and its ``*.json`` schemas, pyproject.toml's package data) is in
the wheel without an edit. Everything else is declared in pyproject.toml;
``tests/unit/test_packaging.py`` builds the wheel and looks inside."""

from setuptools import find_packages, setup

FOLDERS = {"swissbridge": "bridge", "swissbridge.formats": "formats", "swissbridge.plugins": "plugins"}
"""Each import package and its folder (the required layout: bridge/, formats/, plugins/)."""


def packages() -> list[str]:
    """Every import package: the three roots and the folders with an ``__init__.py`` below them."""
    return sorted(
        name
        for package, folder in FOLDERS.items()
        for name in (package, *(f"{package}.{found}" for found in find_packages(where=folder)))
    )


if __name__ == "__main__":
    setup(package_dir=FOLDERS, packages=packages())
