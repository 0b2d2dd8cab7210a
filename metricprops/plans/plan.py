"""Audit plans: many targets, each with its own metadata, tolerance and adapter, in one run.

A plan is a TOML file (``metricprops audit --plan plan.toml``)::

    [audit]                      # defaults for every target (all optional)
    seed = 20261130
    constraints = ["zero_score", "degenerate", "max_agreement"]
    max_examples = 200           # any knob of metricprops.settings.Budget: exhaustive_n,
                                 # max_items, timeout, tolerance, min_items, scale_max_n
    time_budget = 600            # seconds for the whole plan
    timings = false
    include = ["clusim", "river"]  # other plans' targets, each with its plan's settings

    [[target]]
    target = "sklearn.metrics:adjusted_rand_score"   # a built-in, module:attr or file.py:attr
    name = "sklearn_ari"         # its name in the report (default: a Metric's own name, as
                                 # on the command line; else from the target)
    lower = -0.5                 # declared metadata: kind, lower, upper, perfect, symmetric
    upper = 1
    perfect = 1
    tolerance = 1e-6             # this target's own settings and constraints win

    [[target]]
    target = "river.metrics:AdjustedRand"
    adapter = { incremental = "per_item", get = "get" }   # see metricprops.plans.adapters

    [[target]]
    target = "igraph:compare_communities"
    kwargs = { method = "nmi" }  # fixed keyword arguments of every call

    [[target]]
    target = "pyitlib.discrete_random_variable:information_variation"
    conventions = { missing = -1, degenerate = { one_class = 0 } }  # documented: explained

    [[target]]
    target = "my_metrics.py:cover_jaccard"
    input = "cover"              # a metric of covers: f(truth_cover, pred_cover); the audit
                                 # draws covers and adds the cover constraints

A relative ``file.py:attr`` is found from the plan's folder.  Settings apply in this order,
last wins: the defaults, the plan's ``[audit]`` table, an included plan's ``[audit]`` table
(for that plan's targets), the command line's options, the target's own keys.  ``include``
names other plans (shipped ones by name, files relative to this plan's folder) whose targets
come first, in order; their seeds must agree with this plan's.  Unknown keys are errors (a
typo must not pass silently), and so is a name used twice.  Every target is checked with
:func:`metricprops.audit`, so each result is the one a single audit of that target would
give (pair seeds do not depend on the other targets); the results form one
:class:`~metricprops.results.AuditResult`, whose metadata records each target's
specification and adapter.
"""
from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple

from ..checker import pair_seed, resolve_knobs
from ..conventions import Conventions
from ..engine import CheckTask, journal_seed, run_audit
from ..errors import InvalidConventionError, PlanError
from ..metrics import Metric
from ..metrics import metric as wrap_metric
from ..metrics.family import audited_metadata
from ..registry import default_constraints, get_constraint, resolve_metric
from ..results.model import AuditResult, CheckResult
from ..settings import Budget, Run, check_seed
from ..targets import import_target, is_target_spec, target_name
from .adapters import Adapter

__all__ = ["Plan", "PlanTarget", "load_plan", "parse_plan", "run_plan",
           "shipped_plans", "target_budget", "TARGET_KNOBS", "AUDIT_OTHER_KEYS"]

#: The knobs a target may set for itself: every knob of :class:`~metricprops.settings.Budget`
#: but the whole plan's ``time_budget``.
TARGET_KNOBS = tuple(k for k in Budget.knobs() if k != "time_budget")
METADATA = ("kind", "lower", "upper", "perfect", "symmetric", "input")
INPUTS = ("partition", "cover")
#: Keys of ``[audit]`` besides the knobs of :class:`~metricprops.settings.Budget`.
AUDIT_OTHER_KEYS = ("seed", "constraints", "timings", "include")
AUDIT_KEYS = set(Budget.knobs()) | set(AUDIT_OTHER_KEYS)
TARGET_KEYS = set(TARGET_KNOBS) | set(METADATA) | {"target", "name", "constraints", "adapter",
                                                   "kwargs", "conventions"}


@dataclass(frozen=True)
class PlanTarget:
    """One target of a plan: what to import, its metadata, settings, constraints, adapter."""

    spec: str
    name: str
    metadata: Dict[str, Any] = field(default_factory=dict)
    settings: Dict[str, Any] = field(default_factory=dict)
    constraints: Optional[Tuple[str, ...]] = None
    adapter: Adapter = Adapter()
    #: settings from an included plan's [audit] table (the command line wins over these)
    defaults: Dict[str, Any] = field(default_factory=dict)
    #: the declared conventions of its ``[target.conventions]`` table (``None``: none)
    conventions: Optional[Conventions] = None
    #: whether the plan gave the name (else a target that is a Metric keeps its own name,
    #: the one ``metricprops audit TARGET`` gives it)
    named: bool = True

    def metric(self, base: str = ".") -> Metric:
        """The target as a :class:`~metricprops.Metric` (imported now)."""
        spec = _relative(self.spec, base)
        meta = {k: v for k, v in self.metadata.items() if v is not None}
        kind_of_input = meta.pop("input", None)
        if not is_target_spec(spec) and not self.adapter.plain:
            raise PlanError(f"target {self.name!r}: an adapter needs module:attr or "
                            f"file.py:attr, got the name {spec!r}")
        if not is_target_spec(spec) or self.adapter.plain:
            found = resolve_metric(spec, conventions=self.conventions, **meta)
            if kind_of_input is not None and found.input != kind_of_input:
                found = found.with_metadata(input=kind_of_input)
            if found.name == self.name or (not self.named and is_target_spec(spec)):
                return found
            return found.with_metadata(name=self.name)
        obj = import_target(spec)
        if isinstance(obj, Metric):
            raise PlanError(f"target {self.name!r}: {spec} is already a Metric; an adapter "
                            "applies to plain functions and classes only")
        func = self.adapter.wrap(obj, self.name)
        func.__metricprops_source__ = self.adapter.expression(spec, self.name)  # type: ignore
        return wrap_metric(func, name=self.name, kind=meta.get("kind", "similarity"),
                           bounds=(meta.get("lower"), meta.get("upper")),
                           perfect=meta.get("perfect"), symmetric=meta.get("symmetric"),
                           conventions=self.conventions, input=kind_of_input or "partition")


@dataclass(frozen=True)
class Plan:
    """A parsed plan: defaults from ``[audit]`` and the targets, in file order."""

    targets: Tuple[PlanTarget, ...]
    settings: Dict[str, Any] = field(default_factory=dict)
    constraints: Optional[Tuple[str, ...]] = None
    seed: Optional[int] = None
    timings: bool = False
    base: str = "."
    source: str = "<plan>"


def _relative(spec: str, base: str) -> str:
    path, sep, attr = spec.rpartition(":")
    if sep and path.endswith(".py") and not os.path.isabs(path):
        return f"{os.path.join(base, path)}:{attr}"
    return spec


def _check_keys(table: Any, allowed: set, where: str) -> Mapping[str, Any]:
    if not isinstance(table, Mapping):
        raise PlanError(f"{where}: expected a table, got {type(table).__name__}")
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise PlanError(f"{where}: unknown key(s) {', '.join(unknown)} (expected "
                        f"{', '.join(sorted(allowed))})")
    return table


def _constraints(value: Any, where: str) -> Optional[Tuple[str, ...]]:
    if value is None:
        return None
    if not isinstance(value, list) or not value or not all(isinstance(c, str) for c in value):
        raise PlanError(f"{where}: constraints must be a non-empty list of names, got {value!r}")
    for name in value:
        get_constraint(name)  # an unknown name fails now, listing close matches
    return tuple(value)


def _conventions(value: Any, where: str) -> Optional[Conventions]:
    """A target's ``[target.conventions]`` table, validated now."""
    if value is None:
        return None
    try:
        return Conventions.of(value)
    except InvalidConventionError as exc:
        raise PlanError(f"{where}: {exc}") from None


def _settings(table: Mapping[str, Any], where: str) -> Dict[str, Any]:
    """The knobs ``table`` sets (each checked as :class:`Budget` checks it)."""
    out = {k: table[k] for k in Budget.knobs() if k in table}
    try:
        Budget().replace(**{k: v for k, v in out.items() if k != "min_items"})
        if "min_items" in out:
            Budget(min_items=out["min_items"], max_items=max(out.get("max_items", 2),
                                                             out["min_items"]))
    except ValueError as exc:
        raise PlanError(f"{where}: {exc}") from None
    return out


def parse_plan(data: Mapping[str, Any], *, base: str = ".", source: str = "<plan>",
               _seen: Tuple[str, ...] = ()) -> Plan:
    """A :class:`Plan` from the parsed TOML ``data`` (``source`` names it in messages)."""
    _check_keys(data, {"audit", "target"}, source)
    head = _check_keys(data.get("audit", {}), AUDIT_KEYS, f"{source} [audit]")
    try:
        seed = None if head.get("seed") is None else check_seed(head["seed"])
    except ValueError as exc:
        raise PlanError(f"{source} [audit]: {exc}") from None
    targets = _included(head.get("include", []), base, source, seed, _seen + (source,))
    targets_data = data.get("target", [] if targets else None)
    if not isinstance(targets_data, list) or not (targets_data or targets):
        raise PlanError(f"{source}: expected at least one [[target]] table or an include")
    for i, table in enumerate(targets_data, 1):
        where = f"{source} target {i}"
        table = _check_keys(table, TARGET_KEYS, where)
        spec = table.get("target")
        if not isinstance(spec, str) or not spec:
            raise PlanError(f"{where}: expected target = \"name\", \"module:attr\" or "
                            f"\"file.py:attr\", got {spec!r}")
        name = table.get("name", target_name(spec) if is_target_spec(spec) else spec)
        if not isinstance(name, str) or not name:
            raise PlanError(f"{where}: name must be a non-empty string, got {name!r}")
        if table.get("input", "partition") not in INPUTS:
            raise PlanError(f"{where}: input must be one of {', '.join(INPUTS)}, got "
                            f"{table['input']!r}")
        if name in {t.name for t in targets}:
            raise PlanError(f"{where}: the name {name!r} is used twice (give each a name)")
        targets.append(PlanTarget(
            spec=spec, name=name, named="name" in table,
            metadata={k: table[k] for k in METADATA if k in table},
            settings=_settings(table, where),
            constraints=_constraints(table.get("constraints"), where),
            conventions=_conventions(table.get("conventions"), where),
            adapter=Adapter.from_table(_check_keys(table.get("adapter", {}), set(
                Adapter.__dataclass_fields__) - {"kwargs"}, f"{where} adapter"),
                f"{where} adapter", table.get("kwargs"))))
    timings = head.get("timings", False)
    if not isinstance(timings, bool):
        raise PlanError(f"{source} [audit]: timings must be true or false, got {timings!r}")
    return Plan(targets=tuple(targets), settings=_settings(head, f"{source} [audit]"),
                constraints=_constraints(head.get("constraints"), f"{source} [audit]"),
                seed=seed, timings=timings, base=base, source=source)


def _included(names: Any, base: str, source: str, seed: Optional[int],
              seen: Tuple[str, ...]) -> List[PlanTarget]:
    """The targets of the plans ``include`` names, each carrying its plan's settings."""
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        raise PlanError(f"{source} [audit]: include must be a list of plan names or paths, "
                        f"got {names!r}")
    out: List[PlanTarget] = []
    for name in names:
        path = os.path.join(base, name)
        plan = load_plan(path if os.path.exists(path) else name, _seen=seen)
        if plan.seed is not None and seed is not None and plan.seed != seed:
            raise PlanError(f"{source} [audit]: the included plan {plan.source} has seed "
                            f"{plan.seed}, this plan {seed}")
        for t in plan.targets:
            if t.name in {o.name for o in out}:
                raise PlanError(f"{source}: the name {t.name!r} comes twice from the included "
                                "plans")
            out.append(dataclasses.replace(
                t, spec=_relative(t.spec, plan.base), constraints=t.constraints or
                plan.constraints, defaults={**plan.settings, **t.defaults}))
    return out


def shipped_plans() -> Dict[str, str]:
    """The plans shipped with metricprops (``metricprops/plans/NAME.toml``): name -> path."""
    folder = os.path.dirname(os.path.abspath(__file__))
    names = sorted(f for f in os.listdir(folder) if f.endswith(".toml")) \
        if os.path.isdir(folder) else []
    return {f[:-len(".toml")]: os.path.join(folder, f) for f in names}


def load_plan(path: str, _seen: Tuple[str, ...] = ()) -> Plan:
    """Read and check the plan file at ``path``, or the shipped plan of that name (e.g.
    ``"river"``, see :func:`shipped_plans`) when no such file exists."""
    if not os.path.exists(path) and path in shipped_plans():
        path = shipped_plans()[path]
    if os.path.basename(path) in _seen:
        raise PlanError(f"{' -> '.join(_seen)} -> {os.path.basename(path)}: plans include "
                        "each other in a circle")
    try:
        import tomllib
    except ImportError:  # Python < 3.11
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as exc:
        raise PlanError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        shipped = ", ".join(shipped_plans()) or "none"
        raise PlanError(f"{path}: cannot read the plan: {exc.strerror or exc} (the plans "
                        f"shipped with metricprops, by name: {shipped})") from None
    return parse_plan(data, base=os.path.dirname(os.path.abspath(path)),
                      source=os.path.basename(path), _seen=_seen)


def target_budget(plan: Plan, target: PlanTarget,
                  overrides: Optional[Mapping[str, Any]] = None) -> Budget:
    """The :class:`Budget` ``target`` is audited with: the defaults, the plan's, its included
    plan's, the command line's (``overrides``), its own -- the last wins."""
    try:
        return Budget().replace(**{**plan.settings, **target.defaults, **(overrides or {}),
                                   **target.settings})
    except ValueError as exc:
        raise PlanError(f"{plan.source} target {target.name!r}: {exc}") from None


def run_plan(plan: Plan, *, overrides: Optional[Mapping[str, Any]] = None,
             seed: Optional[int] = None, run: Optional[Run] = None,
             timings: Optional[bool] = None,
             progress: Optional[Callable[[int, int, str, str], None]] = None,
             on_result: Optional[Callable[[CheckResult], None]] = None) -> AuditResult:
    """Audit every target of ``plan`` as one audit; one :class:`AuditResult` in target order.

    Parameters
    ----------
    plan : Plan
        From :func:`load_plan` or :func:`parse_plan`.
    overrides : mapping, optional
        Knobs of :class:`~metricprops.settings.Budget` from the command line: they win over
        the plan's ``[audit]`` table and lose to a target's own keys.
    seed : int, optional
        Wins over the plan's seed (with ``run.resume``, the journal's seed is the default).
    run : Run, optional
        Where the checks run (:class:`~metricprops.settings.Run`: jobs, cluster, memory
        limit, journal and resume), as for :func:`metricprops.audit`.
    timings, progress, on_result
        As for :func:`metricprops.audit`; ``timings`` wins over the plan's.

    Every check's result is the one a single audit of its target would give (pair seeds
    do not depend on the other targets).  The whole plan shares its ``time_budget``.
    """
    common, run = resolve_knobs("run_plan", None, run, {**plan.settings, **(overrides or {})})
    if seed is None and run.resume:
        seed = journal_seed(run.journal)
    seed = check_seed(seed if seed is not None else plan.seed)
    timed = plan.timings if timings is None else timings
    result = AuditResult(seed=seed, settings={"plan": plan.source, **common.settings_json()},
                         timings=timed or common.time_budget is not None)
    tasks = []
    for t in plan.targets:
        names = t.constraints or plan.constraints
        m, budget = t.metric(plan.base), target_budget(plan, t, overrides)
        cons = [get_constraint(c) for c in names] if names else default_constraints([m])
        if m.name in result.metadata:  # two Metrics of one name, neither named by the plan
            raise PlanError(f"{plan.source}: the name {m.name!r} is used twice (target "
                            f"{t.spec}; give each a name)")
        tasks += [CheckTask(m, c, pair_seed(seed, m.name, c.name), budget) for c in cons]
        result.metadata[m.name] = {**audited_metadata(m), "target": t.spec,
                                   "adapter": t.adapter.to_json()}
    return run_audit(tasks, result, run, time_budget=common.time_budget, progress=progress,
                     on_result=on_result)
