"""The package layout: one-way imports, no circles, modules sized by concept."""
from __future__ import annotations

import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "metricprops"
#: A module past this many lines gets a warning (look for a second concept in it) ...
WARN_LINES = 350
#: ... and past this many it fails.
MAX_LINES = 600


def _pyproject() -> dict:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python < 3.11
        import tomli as tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _top_level_modules() -> set:
    names = {"metricprops.constraints"}
    for path in PACKAGE.iterdir():
        if path.name.startswith(("_", ".")) and path.name != "__main__.py":
            continue
        if path.suffix == ".py":
            names.add(f"metricprops.{path.stem}")
        elif (path / "__init__.py").exists():
            names.add(f"metricprops.{path.name}")
    return names


@pytest.fixture(scope="module")
def installed_layout(tmp_path_factory) -> Path:
    """The package as a wheel lays it out (the catalog inside it), for the import tools,
    which read the files under a package's folder."""
    stage = tmp_path_factory.mktemp("layout")
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(PACKAGE, stage / "metricprops", ignore=ignore)
    shutil.copytree(ROOT / "constraints", stage / "metricprops" / "constraints", ignore=ignore)
    return stage


def _graph(stage: Path):
    code = ("import grimp, json, sys; g = grimp.build_graph('metricprops'); "
            "json.dump([[m, sorted(g.find_modules_directly_imported_by(m))] "
            "for m in sorted(g.modules)], sys.stdout)")
    out = subprocess.run([sys.executable, "-c", code], cwd=stage, capture_output=True,
                         text=True, env={"PYTHONPATH": str(stage), "PATH": ""}, check=True)
    import json

    return json.loads(out.stdout)


def test_import_contracts_hold(installed_layout):
    script = Path(sys.executable).with_name("lint-imports")
    command = str(script) if script.exists() else shutil.which("lint-imports")
    assert command, "import-linter is part of the test extra"
    result = subprocess.run([command, "--no-cache", "--config", str(ROOT / "pyproject.toml")],
                            cwd=installed_layout, capture_output=True, text=True,
                            env={"PYTHONPATH": str(installed_layout), "PATH": ""})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout
    contracts = _pyproject()["tool"]["importlinter"]["contracts"]
    assert any(c.get("containers") == ["metricprops.engine"] for c in contracts)


def test_ruff_finds_nothing():
    """``ruff check .`` at the root (the rules and per-file ignores of ``[tool.ruff]`` in
    pyproject.toml) reports no error anywhere in the tree."""
    pytest.importorskip("ruff", reason="ruff is part of the test extra")
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", str(ROOT)],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_layers_cover_every_module_and_subpackage():
    layers = next(c for c in _pyproject()["tool"]["importlinter"]["contracts"]
                  if c["type"] == "layers" and "containers" not in c)["layers"]
    listed = {name.strip() for layer in layers for name in layer.replace(":", "|").split("|")}
    assert _top_level_modules() <= listed, sorted(_top_level_modules() - listed)


def test_no_import_circle_between_any_two_modules(installed_layout):
    import networkx as nx

    edges = nx.DiGraph()
    for module, imported in _graph(installed_layout):
        for other in imported:
            if other.startswith("metricprops") and other != module:
                edges.add_edge(module, other)
    assert edges.number_of_nodes() > 100  # every module, sub-packages included
    # the registry loads the built-in catalog lazily, in one function (the contract's only
    # ignored import); every other dependency runs one way
    edges.remove_edge("metricprops.registry", "metricprops.constraints")
    assert list(nx.simple_cycles(edges)) == []


def test_no_module_over_600_lines():
    long, warn = {}, {}
    for folder in (PACKAGE, ROOT / "constraints"):
        for path in folder.rglob("*.py"):
            n = len(path.read_text(encoding="utf-8").splitlines())
            name = str(path.relative_to(ROOT))
            if n > MAX_LINES:
                long[name] = n
            elif n > WARN_LINES:
                warn[name] = n
    for name, n in sorted(warn.items()):
        warnings.warn(f"{name} has {n} lines: does it hold two concepts?", stacklevel=1)
    assert long == {}


def test_the_package_list_is_every_package_folder():
    listed = set(_pyproject()["tool"]["setuptools"]["packages"])
    on_disk = {".".join(p.parent.relative_to(ROOT).parts)
               for p in PACKAGE.rglob("__init__.py") if "__pycache__" not in p.parts}
    assert listed == on_disk | {"metricprops.constraints"}
    assert _pyproject()["tool"]["setuptools"]["package-dir"] == {
        "metricprops.constraints": "constraints"}
    assert not (PACKAGE / "constraints").exists()  # mapped, never linked


def test_the_package_root_holds_only_public_paths_and_the_ground_floor():
    root = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(root) <= 23, root
