"""Imports point one way: ``core -> catalog -> db -> {export, pages} -> pipeline -> cli``.

The mathematics in ``wythoff.core`` must not import anything that stores,
exports, renders or names it; this is checked on the source (every import
statement, found with ``ast``) and at run time (a fresh interpreter that imports
every core module has none of the higher layers loaded).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
import wythoff

PACKAGE = Path(wythoff.__file__).parent
CORE = PACKAGE / "core"
FORBIDDEN_IN_CORE = (
    "wythoff.catalog",
    "wythoff.db",
    "wythoff.export",
    "wythoff.pages",
    "wythoff.pipeline",
    "wythoff.cli",
)
FORBIDDEN_IN_CATALOG = (
    "wythoff.db",
    "wythoff.export",
    "wythoff.pages",
    "wythoff.pipeline",
    "wythoff.cli",
)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """Every module an import statement of the file names."""
    package = module_name(path)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    return modules_named(path.read_text(encoding="utf-8"), package)


def modules_named(source: str, package: str) -> set[str]:
    """The modules imported by ``source`` living in ``package``, relative imports
    resolved (``from x import y`` also yields ``x.y``, which may be a submodule)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                origin = ".".join([*base, node.module] if node.module else base)
            else:
                origin = node.module or ""
            found.add(origin)
            found.update(f"{origin}.{alias.name}" for alias in node.names)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", None) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.add(str(node.args[0].value))
    return found


def violations(files: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    bad = []
    for path in files:
        for name in sorted(imported_modules(path)):
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                bad.append(f"{path.relative_to(PACKAGE.parent)} imports {name}")
    return bad


CORE_FILES = sorted(CORE.rglob("*.py"))


def test_core_files_found():
    names = {module_name(p) for p in CORE_FILES}
    assert {
        "wythoff.core.quadratic",
        "wythoff.core.numeration",
        "wythoff.core.families.wythoff",
        "wythoff.core.games.solver",
    } <= names


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: module_name(p))
def test_core_imports_no_higher_layer(path):
    assert violations([path], FORBIDDEN_IN_CORE) == []


def test_core_imports_only_core_from_builder():
    for path in CORE_FILES:
        for name in imported_modules(path):
            if name == "wythoff" or name.startswith("wythoff."):
                assert name.startswith("wythoff.core"), f"{path.name} imports {name}"


def test_catalog_imports_no_higher_layer():
    files = sorted((PACKAGE / "catalog").rglob("*.py"))
    assert files
    assert violations(files, FORBIDDEN_IN_CATALOG) == []


def test_the_scanner_sees_every_form_of_import():
    # the check itself must be able to fail
    source = (
        "from ...catalog import build\n"
        "import wythoff.cli\n"
        "from . import rules\n"
        "def later():\n"
        "    from wythoff import db\n"
        "    importlib.import_module('wythoff.pipeline')\n"
    )
    found = modules_named(source, "wythoff.core.games")
    assert {"wythoff.catalog", "wythoff.cli", "wythoff.core.games.rules"} <= found
    assert {"wythoff.db", "wythoff.pipeline"} <= found


def test_importing_core_loads_no_higher_layer():
    modules = [module_name(p) for p in CORE_FILES]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"loaded = sorted(m for m in sys.modules if m.startswith({FORBIDDEN_IN_CORE!r}))\n"
        "print(','.join(loaded))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
