"""The package layout: one-way imports, no circles, small modules, one catalog mapping."""
from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "metricprops"
MAX_LINES = 350


def _pyproject() -> dict:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python < 3.11
        import tomli as tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _top_level_modules() -> set:
    names = set()
    for path in PACKAGE.iterdir():
        if path.name.startswith(("_", ".")) and path.name != "__main__.py":
            continue
        if path.suffix == ".py":
            names.add(f"metricprops.{path.stem}")
        elif (path / "__init__.py").exists():
            names.add(f"metricprops.{path.name}")
    return names


def test_import_contracts_hold():
    script = Path(sys.executable).with_name("lint-imports")
    command = str(script) if script.exists() else shutil.which("lint-imports")
    assert command, "import-linter is part of the test extra"
    result = subprocess.run([command, "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_layers_cover_every_module_and_subpackage():
    layers = next(c for c in _pyproject()["tool"]["importlinter"]["contracts"]
                  if c["type"] == "layers")["layers"]
    listed = {name.strip() for layer in layers for name in layer.replace(":", "|").split("|")}
    assert _top_level_modules() <= listed, sorted(_top_level_modules() - listed)


def test_no_import_circle_between_top_level_modules():
    import grimp
    import networkx as nx

    graph = grimp.build_graph("metricprops")
    top = sorted(_top_level_modules())
    edges = nx.DiGraph()
    for a in top:
        for b in top:
            if a != b and graph.direct_import_exists(importer=a, imported=b, as_packages=True):
                edges.add_edge(a, b)
    # the registry loads the built-in catalog lazily, in one function (the contract's only
    # ignored import); every other dependency runs one way
    edges.remove_edge("metricprops.registry", "metricprops.constraints")
    cycles = list(nx.simple_cycles(edges))
    assert cycles == []


def test_no_module_over_350_lines():
    long = {}
    for folder in (PACKAGE, ROOT / "constraints"):
        for path in folder.rglob("*.py"):
            n = len(path.read_text(encoding="utf-8").splitlines())
            if n > MAX_LINES:
                long[str(path.relative_to(ROOT))] = n
    assert long == {}


@pytest.mark.slow
def test_catalog_is_found_as_a_subpackage_without_a_package_list():
    from setuptools import find_packages

    found = set(find_packages(str(ROOT), include=["metricprops", "metricprops.*"]))
    assert {"metricprops.constraints", "metricprops.cli", "metricprops.symbolic",
            "metricprops.report", "metricprops.metrics"} <= found
    assert "constraints" not in found
    on_disk = {".".join(p.parent.relative_to(ROOT).parts)
               for p in PACKAGE.rglob("__init__.py") if "__pycache__" not in p.parts}
    assert on_disk <= found


@pytest.mark.slow
def test_a_second_checkout_never_mixes_with_the_installed_one(tmp_path):
    # a copy of the source tree put first on the path must provide *both* the package and
    # its catalog (the symlink is relative, so it points into the copy)
    copy = tmp_path / "checkout"
    copy.mkdir()
    shutil.copytree(PACKAGE, copy / "metricprops", symlinks=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "constraints", copy / "constraints",
                    ignore=shutil.ignore_patterns("__pycache__"))
    code = ("import metricprops, metricprops.constraints as c, metricprops.checker as k;"
            "print(metricprops.__file__); print(c.__file__); print(k.__file__)")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, env={"PYTHONPATH": str(copy), "PATH": ""})
    assert out.returncode == 0, out.stderr
    files = [Path(line) for line in out.stdout.split()]
    assert len(files) == 3
    for f in files:
        assert str(f).startswith(str(copy)), files


def test_old_import_paths_still_work():
    import metricprops as mp
    import metricprops.adapters
    import metricprops.compare
    import metricprops.labels_io
    import metricprops.symbolic_ops
    import metricprops.third_party
    from metricprops.checker import MISSION_CONSTRAINTS
    from metricprops.tolerance import compare

    # the old module path still imports, and the package attribute stays the function
    assert sys.modules["metricprops.compare"].compare is mp.differential.compare
    assert callable(mp.compare) and mp.compare.__module__ == "metricprops.differential"
    assert metricprops.symbolic_ops.SymbolicTable is mp.symbolic.ops.SymbolicTable
    assert metricprops.third_party.generate is mp.report.third_party.generate
    assert metricprops.adapters.bcubed_f is mp.report.adapters.bcubed_f
    assert metricprops.labels_io.read_labels is mp.cli.labels_io.read_labels
    assert MISSION_CONSTRAINTS == ("zero_score", "degenerate", "homogeneity", "completeness",
                                   "rag_bag", "size_vs_quantity")
    assert compare(1.0, 2.0) == -1


@pytest.mark.slow
def test_the_wheel_ships_the_catalog_inside_the_package(tmp_path):
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                          str(tmp_path), str(ROOT)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    wheel = next(tmp_path.glob("metricprops-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "metricprops/constraints/zero_score.py" in names
    assert "metricprops/cli/audit.py" in names and "metricprops/symbolic/proofs.py" in names
    assert not any(n.startswith("constraints/") for n in names)


def test_the_package_pickles_by_name():
    # a metric sent to a worker process may reference the package; its module subclass
    # (which keeps metricprops.compare a function) must pickle as a plain module does
    import pickle

    import cloudpickle

    import metricprops as mp

    assert pickle.loads(cloudpickle.dumps(mp)) is mp
