"""The catalog ``constraints/`` is installed as ``metricprops.constraints`` (setuptools'
package-dir mapping) from a wheel, an sdist and an editable install alike."""
from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _build(kind: str, source: Path, out: Path) -> Path:
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
               "-w", str(out), str(source)]
    if kind == "sdist":
        command = [sys.executable, "-c",
                   "import sys, setuptools.build_meta as b; b.build_sdist(sys.argv[1])", str(out)]
    result = subprocess.run(command, cwd=source, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return next(out.glob("metricprops-*.whl" if kind == "wheel" else "metricprops-*.tar.gz"))


def _wheel_names(wheel: Path) -> set:
    return set(zipfile.ZipFile(wheel).namelist())


def _assert_catalog_inside(names: set) -> None:
    assert "metricprops/constraints/zero_score.py" in names
    assert "metricprops/constraints/__init__.py" in names
    assert "metricprops/plans/cdlib.toml" in names and "metricprops/py.typed" in names
    assert "metricprops/cli/audit.py" in names and "metricprops/search/core.py" in names
    assert not any(n.startswith("constraints/") for n in names)


@pytest.mark.slow
def test_the_wheel_ships_the_catalog_inside_the_package(tmp_path):
    _assert_catalog_inside(_wheel_names(_build("wheel", ROOT, tmp_path)))


@pytest.mark.slow
def test_a_wheel_built_from_the_sdist_ships_the_catalog_inside_the_package(tmp_path):
    sdist = _build("sdist", ROOT, tmp_path)
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
        assert any(n.endswith("/constraints/zero_score.py") for n in names)
        archive.extractall(tmp_path / "src", filter="data")
    source = next((tmp_path / "src").iterdir())
    _assert_catalog_inside(_wheel_names(_build("wheel", source, tmp_path / "wheel")))


def test_the_editable_install_imports_the_catalog_of_this_checkout():
    code = ("import metricprops, metricprops.constraints as c, metricprops.plans as p; "
            "print(metricprops.__file__); print(c.__file__); print(p.shipped_plans()['cdlib'])")
    out = subprocess.run([sys.executable, "-c", code], cwd="/", capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    package, catalog, plan = (Path(line) for line in out.stdout.split())
    if package != ROOT / "metricprops" / "__init__.py":
        pytest.skip("metricprops is not installed in editable mode from this checkout")
    assert catalog == ROOT / "constraints" / "__init__.py"
    assert plan == ROOT / "metricprops" / "plans" / "cdlib.toml"
