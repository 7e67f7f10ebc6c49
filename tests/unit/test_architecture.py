"""Imports point one way, down the stages of the package:

    cli -> caches -> website -> pipeline -> oeis, identify -> api, config -> families
        -> audit -> core, db, layout

A module imports only from its own layer or the layers below; the mathematics in
``wythoff.core`` imports nothing but itself (so the engine, ``core.games.engine``,
nothing of the catalog), the database layer nothing but itself, and the website
never the families
(a page shows what the database holds, whatever version built it); ``wythoff.audit``,
which checks a database again, imports only the database's reading layer, never the
code that computed what it checks.  The user's cache sits just below the command
line, so that nothing a build runs can read it.  This is checked on the source (every
import statement, found with ``ast``) and at run time (a fresh interpreter that
imports every core module has nothing else of the package loaded).  ``wythoff.core``
reads no environment variable and no file and writes none (checked on its source
too): it is mathematics alone.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
import wythoff

PACKAGE = Path(wythoff.__file__).parent

LAYERS: tuple[tuple[str, ...], ...] = (
    ("wythoff.__main__", "wythoff.cli"),
    ("wythoff.caches",),
    ("wythoff.website",),
    ("wythoff.pipeline",),
    ("wythoff.oeis", "wythoff.identify"),
    ("wythoff", "wythoff.api", "wythoff.config"),
    ("wythoff.families",),
    ("wythoff.audit",),
    ("wythoff.core", "wythoff.db", "wythoff.layout", "wythoff.resources"),
)
"""The layers from the top down; each name stands for a module or a folder."""

CLOSED = ("wythoff.core", "wythoff.db", "wythoff.layout", "wythoff.resources")
"""Layers that import nothing of the package but themselves."""

NEVER = {
    "wythoff.website": ("wythoff.families",),
    "wythoff.audit": ("wythoff.core", "wythoff.layout", "wythoff.resources"),
}
"""Imports that the order above allows but the design forbids."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """Every module of the package an import statement of the file names."""
    package = module_name(path)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    return modules_named(path.read_text(encoding="utf-8"), package)


def is_module(name: str) -> bool:
    """Whether ``name`` is a module or folder of the package (not a name inside one)."""
    relative = Path(*name.split(".")[1:])
    return (PACKAGE / relative).with_suffix(".py").is_file() or (PACKAGE / relative).is_dir()


def modules_named(source: str, package: str) -> set[str]:
    """The modules imported by ``source`` living in ``package``, relative imports
    resolved: ``from x import y`` yields ``x.y`` when that is a module, else ``x``."""
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
            for alias in node.names:
                submodule = f"{origin}.{alias.name}"
                found.add(submodule if is_module(submodule) else origin)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", None) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.add(str(node.args[0].value))
    return {name for name in found if name == "wythoff" or name.startswith("wythoff.")}


def owner(name: str) -> str:
    """The layer entry that ``name`` belongs to (the longest that is a prefix of it)."""
    entries = [entry for layer in LAYERS for entry in layer]
    matching = [e for e in entries if name == e or name.startswith(e + ".")]
    return max(matching, key=len)


def layer(name: str) -> int:
    entry = owner(name)
    return next(i for i, names in enumerate(LAYERS) if entry in names)


def violations(path: Path) -> list[str]:
    """The imports of ``path`` that break the order, each in words."""
    return violations_of(module_name(path), imported_modules(path))


def violations_of(here: str, imported: set[str]) -> list[str]:
    """The imports of module ``here`` that break the order, each in words."""
    mine = owner(here)
    bad = []
    for name in sorted(imported):
        theirs = owner(name)
        if theirs == mine:
            continue
        if layer(name) < layer(here):
            bad.append(f"{here} imports {name}, a higher layer")
        elif mine in CLOSED:
            bad.append(f"{here} imports {name}: {mine} imports only itself")
        elif theirs in NEVER.get(mine, ()):
            bad.append(f"{here} imports {name}, which {mine} never does")
    return bad


PACKAGE_FILES = sorted(PACKAGE.rglob("*.py"))


def test_every_module_has_a_layer():
    for path in PACKAGE_FILES:
        assert owner(module_name(path)), path


def test_the_layers_cover_the_stages():
    names = {owner(module_name(p)) for p in PACKAGE_FILES}
    assert names == {entry for layer in LAYERS for entry in layer}


@pytest.mark.parametrize("path", PACKAGE_FILES, ids=module_name)
def test_imports_point_down(path):
    assert violations(path) == []


def test_the_top_level_holds_few_modules():
    modules = sorted(p.stem for p in PACKAGE.glob("*.py"))
    assert len(modules) <= 5, modules


def test_the_scanner_sees_every_form_of_import():
    # the check itself must be able to fail
    source = (
        "from ...families import build\n"
        "import wythoff.cli\n"
        "from . import rules\n"
        "from wythoff import layout, __version__\n"
        "def later():\n"
        "    from wythoff import db\n"
        "    importlib.import_module('wythoff.pipeline')\n"
    )
    found = modules_named(source, "wythoff.core.games")
    assert {"wythoff.families", "wythoff.cli", "wythoff.core.games.rules"} <= found
    assert {"wythoff.db", "wythoff.pipeline", "wythoff.layout", "wythoff"} <= found


@pytest.mark.parametrize(
    ("here", "imported", "why"),
    [
        ("wythoff.core.games.solver", "wythoff.db.read", "imports only itself"),
        ("wythoff.families.larsson", "wythoff.pipeline.load", "a higher layer"),
        ("wythoff.core.games.engine", "wythoff.families", "a higher layer"),
        ("wythoff.website.sequence_pages", "wythoff.families.programs", "never does"),
        ("wythoff.db.store", "wythoff.layout", "imports only itself"),
        ("wythoff.pipeline.compute", "wythoff.caches.rows", "a higher layer"),
        ("wythoff.core.games.grundy_value", "wythoff.caches", "a higher layer"),
        ("wythoff.audit.board", "wythoff.core.games.solver", "never does"),
        ("wythoff.audit.run", "wythoff.families", "a higher layer"),
    ],
)
def test_a_wrong_import_is_reported(here, imported, why):
    [found] = violations_of(here, {imported})
    assert why in found
    assert violations_of("wythoff.cli.data", {imported}) == []  # the top may import it


def test_importing_core_loads_nothing_else():
    modules = [module_name(p) for p in PACKAGE_FILES if module_name(p).startswith("wythoff.core")]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('wythoff.')\n"
        "                and not m.startswith('wythoff.core'))\n"
        "print(','.join(loaded))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


IMPURE_MODULES = frozenset({"glob", "io", "pathlib", "shutil", "subprocess", "tempfile"})
"""Modules of files and processes, none of which the mathematics imports."""
OS_ALLOWED = frozenset({"cpu_count", "sysconf"})
"""What ``wythoff.core`` may ask of ``os``: the machine's size, never its files or
environment."""


def impurities(source: str) -> list[str]:
    """What ``source`` does of files, processes or the environment, each in words."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            names += [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
            for name in names:
                if name.split(".")[0] in IMPURE_MODULES:
                    found.append(f"imports {name}")
            if isinstance(node, ast.ImportFrom) and node.module == "os":
                found += [f"takes os.{a.name}" for a in node.names if a.name not in OS_ALLOWED]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "os" and node.attr not in OS_ALLOWED:
                found.append(f"uses os.{node.attr}")
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "open":
            found.append("opens a file")
    return found


CORE_FILES = [p for p in PACKAGE_FILES if module_name(p).startswith("wythoff.core")]


@pytest.mark.parametrize("path", CORE_FILES, ids=module_name)
def test_core_reads_no_file_and_no_environment(path):
    assert impurities(path.read_text(encoding="utf-8")) == []


def test_the_purity_scan_sees_files_and_the_environment():
    # the check itself must be able to fail
    source = (
        "import os, tempfile\n"
        "from pathlib import Path\n"
        "from os import environ\n"
        "def later():\n"
        "    os.environ.get('HOME')\n"
        "    open('f').read()\n"
        "    return os.sysconf('SC_PAGE_SIZE')\n"
    )
    assert sorted(impurities(source)) == [
        "imports pathlib",
        "imports tempfile",
        "opens a file",
        "takes os.environ",
        "uses os.environ",
    ]
