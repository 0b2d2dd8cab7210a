"""Built-in metric families, each computed from one contingency table."""
from __future__ import annotations

from typing import Any, Callable, Dict

from ..errors import InvalidMetricError
from . import ami as _ami
from . import coreference as _coreference
from . import information as _information
from . import omega as _omega
from . import onmi as _onmi
from . import overlapping as _overlapping
from . import pair_counting as _pair_counting
from . import per_element as _per_element
from . import set_matching as _set_matching
from . import smi as _smi
from .base import CONVENTION_KEYS, KINDS, Metric, metric
from .pair_counting import pair_f_beta

#: Every built-in metric, in registry order (explicit: no import-time discovery).
BUILTINS: tuple[Metric, ...] = (
    _set_matching.METRICS
    + _pair_counting.METRICS
    + _information.METRICS
    + _ami.METRICS
    + _smi.METRICS
    + _per_element.METRICS
    + _coreference.METRICS
)
#: Built-in metrics of covers (overlapping clusterings), registered after :data:`BUILTINS`;
#: kept apart so that what iterates over the partition built-ins is unchanged.
COVER_BUILTINS: tuple[Metric, ...] = _overlapping.METRICS + _omega.METRICS + _onmi.METRICS



def _pair_f(beta: Any = 1.0, **unknown: Any) -> Metric:
    if unknown:
        raise InvalidMetricError(f"metric 'pair_f' takes only beta, got {sorted(unknown)}")
    try:
        return pair_f_beta(float(beta))
    except (TypeError, ValueError):
        raise InvalidMetricError(
            f"metric 'pair_f': expected a number for beta, got {beta!r}") from None


#: Metrics that take parameters in their name, e.g. ``pair_f[beta=2]``: name -> factory.
PARAMETRISED: Dict[str, Callable[..., Metric]] = {"pair_f": _pair_f}

__all__ = ["BUILTINS", "COVER_BUILTINS", "PARAMETRISED", "Metric", "metric", "pair_f_beta", "KINDS",
           "CONVENTION_KEYS"]
