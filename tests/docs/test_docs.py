"""Every snippet of the user guide (docs/*.md) runs, and shown outputs match.

Fenced blocks are run in document order, one temporary directory per document:

* ```python blocks run in-process in one namespace per document (a later block sees what an
  earlier one defined); a traceback points at the Markdown line.
* ```bash blocks: each command (``metricprops ...`` or ``pytest ...``) runs in a subprocess
  in the document's directory, which is on ``PYTHONPATH``.
* ```text blocks marked ``output`` must match what the block before them printed: every
  expected line appears, in order, where ``...`` inside a line matches anything and a line
  that is just ``...`` skips any number of lines.
* ```toml blocks are parsed; one marked ``entry-points`` is "installed" for the rest of the
  document (a ``.dist-info`` directory on ``PYTHONPATH``, as ``pip install`` would write), one
  marked ``file=NAME`` is also written to NAME (an audit plan).

Markers are HTML comments right before a fence (invisible when rendered):
``<!-- docs: file=NAME -->`` writes the block to NAME instead of running it, ``exit=N`` is the
expected exit status of the block's commands, ``output`` and ``entry-points`` as above, and
``no-run: reason`` skips a block (keep those rare).
"""
from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))
LANGUAGES = {"python", "bash", "text", "toml"}
MAX_NO_RUN = 2

_MARKER = re.compile(r"^<!--\s*docs:\s*(.*?)\s*-->\s*$")
_FENCE = re.compile(r"^```(\S*)\s*$")


@dataclass
class Block:
    language: str
    code: str
    line: int  # line number of the first code line in the Markdown file
    markers: Dict[str, str] = field(default_factory=dict)


def parse_markers(text: str) -> Dict[str, str]:
    markers: Dict[str, str] = {}
    for part in re.split(r"\s*;\s*|\s+(?=[\w-]+[=:])", text.strip()):
        if not part:
            continue
        if part.startswith("no-run"):
            markers["no-run"] = part.partition(":")[2].strip()
            continue
        key, sep, value = part.partition("=")
        markers[key.strip()] = value.strip() if sep else ""
    return markers


def parse(path: Path) -> List[Block]:
    blocks: List[Block] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    pending: Dict[str, str] = {}
    i = 0
    while i < len(lines):
        marker = _MARKER.match(lines[i])
        fence = _FENCE.match(lines[i])
        if marker:
            pending.update(parse_markers(marker.group(1)))
        elif fence and fence.group(1):
            start = i + 1
            end = start
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            assert end < len(lines), f"{path.name}:{i + 1}: unclosed code fence"
            blocks.append(Block(fence.group(1), "\n".join(lines[start:end]) + "\n", start + 1,
                                pending))
            pending = {}
            i = end
        elif fence:
            raise AssertionError(f"{path.name}:{i + 1}: a code fence without a language")
        elif lines[i].strip():
            pending = {}
        i += 1
    return blocks


# -- output matching --------------------------------------------------------------------
def _line_matches(expected: str, actual: str) -> bool:
    parts = expected.rstrip().split("...")
    actual = actual.rstrip()
    if len(parts) == 1:
        return actual == parts[0]
    if not actual.startswith(parts[0]) or not actual.endswith(parts[-1]):
        return False
    pos = len(parts[0])
    for part in parts[1:-1]:
        found = actual.find(part, pos)
        if found < 0:
            return False
        pos = found + len(part)
    return pos <= len(actual) - len(parts[-1])


def match_output(expected: str, actual: str) -> Optional[str]:
    """None if ``actual`` matches ``expected``, else a description of the mismatch."""
    want = [line for line in expected.splitlines() if line.strip()]
    got = [line for line in actual.splitlines() if line.strip()]
    j = 0
    skipping = False
    for line in want:
        if line.strip() == "...":
            skipping = True
            continue
        while j < len(got) and not _line_matches(line, got[j]):
            if not skipping:
                return f"expected {line!r}, got {got[j]!r}"
            j += 1
        if j == len(got):
            return f"expected {line!r}, not found in the rest of the output"
        j += 1
        skipping = False
    return None


# -- running ----------------------------------------------------------------------------
def _commands(code: str) -> List[str]:
    commands, current = [], ""
    for raw in code.splitlines():
        line = raw.rstrip()
        if line.endswith("\\"):
            current += line[:-1] + " "
            continue
        current += line
        stripped = current.strip()
        current = ""
        if stripped and not stripped.startswith("#"):
            commands.append(stripped)
    return commands


def _argv(command: str) -> List[str]:
    words = shlex.split(command, comments=True)
    if words[0] == "metricprops":
        return [sys.executable, "-m", "metricprops", *words[1:]]
    if words[0] == "pytest":
        return [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *words[1:]]
    raise AssertionError(f"cannot run {command!r}: mark the block <!-- docs: no-run: why -->")


def _install_entry_points(toml_text: str, where: Path) -> None:
    try:
        import tomllib
    except ImportError:  # pragma: no cover - Python < 3.11
        tomli = pytest.importorskip("tomli")
        tomllib = tomli
    project = tomllib.loads(toml_text)["project"]
    info = where / f"{project['name'].replace('-', '_')}-0.0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: 0.0.0\n")
    lines = []
    for group, entries in project["entry-points"].items():
        lines.append(f"[{group}]")
        lines += [f"{name} = {value}" for name, value in entries.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")


@contextlib.contextmanager
def isolated(workdir: Path):
    """cwd and sys.path on ``workdir``; registries, testing defaults and modules restored."""
    from metricprops import registry, settings

    saved_modules = set(sys.modules)
    saved_path = list(sys.path)
    saved_registry = (dict(registry._metrics), dict(registry._constraints), dict(registry._loaded))
    saved_defaults = dict(settings._DEFAULTS)
    old_cwd = os.getcwd()
    os.chdir(workdir)
    sys.path.insert(0, str(workdir))
    try:
        yield
    finally:
        os.chdir(old_cwd)
        sys.path[:] = saved_path
        for name in set(sys.modules) - saved_modules:
            module = sys.modules[name]
            if str(workdir) in str(getattr(module, "__file__", "") or ""):
                del sys.modules[name]
        for live, saved in zip((registry._metrics, registry._constraints, registry._loaded),
                               saved_registry):
            live.clear()
            live.update(saved)
        settings._DEFAULTS.clear()
        settings._DEFAULTS.update(saved_defaults)


def run_page(path: Path, workdir: Path) -> None:
    rel = f"docs/{path.name}"
    namespace: Dict[str, object] = {"__name__": "__docs__"}
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(workdir)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env.pop("CI", None)
    env["COLUMNS"] = "80"  # the width the guides' command outputs are shown at
    last_output: Optional[str] = None
    with isolated(workdir):
        for block in parse(path):
            where = f"{rel}:{block.line}"
            if "no-run" in block.markers:
                continue
            if block.language == "text":
                if "output" in block.markers:
                    assert last_output is not None, f"{where}: output block with nothing before"
                    problem = match_output(block.code, last_output)
                    assert problem is None, (f"{where}: output differs: {problem}\n"
                                             f"--- actual output ---\n{last_output}")
                continue
            if block.language == "toml":
                if "entry-points" in block.markers:
                    _install_entry_points(block.code, workdir)
                else:
                    import tomllib
                    tomllib.loads(block.code)
                    if "file" in block.markers:  # e.g. an audit plan, read by a later command
                        (workdir / block.markers["file"]).write_text(block.code, encoding="utf-8")
                continue
            if "file" in block.markers:
                target = workdir / block.markers["file"]
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(block.code, encoding="utf-8")
                compile(block.code, where, "exec")
                continue
            if block.language == "python":
                buffer = io.StringIO()
                code = compile("\n" * (block.line - 1) + block.code, str(path), "exec")
                with contextlib.redirect_stdout(buffer):
                    exec(code, namespace)
                last_output = buffer.getvalue()
            elif block.language == "bash":
                expected_exit = int(block.markers.get("exit", "0"))
                outputs = []
                for command in _commands(block.code):
                    done = subprocess.run(_argv(command), cwd=workdir, env=env,
                                          capture_output=True, text=True, timeout=300)
                    assert done.returncode == expected_exit, (
                        f"{where}: {command!r} exited {done.returncode}, expected "
                        f"{expected_exit}\n--- stdout ---\n{done.stdout}\n"
                        f"--- stderr ---\n{done.stderr}")
                    outputs.append(done.stdout)
                last_output = "".join(outputs)


# -- tests ------------------------------------------------------------------------------
def test_the_guide_exists() -> None:
    names = {p.name for p in PAGES}
    assert {"index.md", "audit-a-metric.md", "regression-testing.md", "writing-constraints.md",
            "reading-reports.md"} <= names


def _runs_commands(page: Path) -> bool:
    """Does the page run shell commands (``metricprops ...`` / ``pytest ...`` in subprocesses)?"""
    return any(b.language == "bash" and "no-run" not in b.markers for b in parse(page))


# Pages that run commands (audits through the CLI, pytest sessions) take seconds to tens of
# seconds each: they run in the slow lane.  Pages of in-process snippets only stay fast.
@pytest.mark.parametrize("page", [
    pytest.param(p, id=p.stem, marks=[pytest.mark.slow, pytest.mark.heavy]
                 if _runs_commands(p) else [])
    for p in PAGES])
def test_page_runs(page: Path, tmp_path: Path) -> None:
    run_page(page, tmp_path)


def test_blocks_are_known_and_no_run_is_rare() -> None:
    no_run = []
    for page in PAGES:
        for block in parse(page):
            where = f"{page.name}:{block.line}"
            assert block.language in LANGUAGES or "no-run" in block.markers, (
                f"{where}: {block.language!r} blocks cannot run; mark them no-run")
            if "no-run" in block.markers:
                assert block.markers["no-run"], f"{where}: a no-run marker needs a reason"
                no_run.append(where)
    assert len(no_run) <= MAX_NO_RUN, no_run


def test_links_resolve() -> None:
    link = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
    for page in PAGES + [ROOT / "README.md"]:
        for target in link.findall(page.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            assert (page.parent / target).exists(), f"{page.name}: broken link {target}"


def test_readme_links_the_guide() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Documentation", 1)
    assert len(section) == 2, "README.md needs a '## Documentation' section"
    for page in ("docs/index.md", "docs/audit-a-metric.md", "docs/regression-testing.md",
                 "docs/writing-constraints.md", "docs/reading-reports.md"):
        assert f"({page})" in section[1], page


def test_output_matcher() -> None:
    assert match_output("a\n...\nc ... e", "a\nb\nc d e\n") is None
    assert match_output("a\nc", "a\nb\nc") is not None
    assert match_output("x ... y", "x 1 y") is None
    assert match_output("x ... y", "x") is not None
