"""The reference scorer v8.01's published test cases, shipped with the package.

``reference_data/`` holds the CoNLL key and response files of the CoNLL-2011/2012 reference
coreference scorer's test suite and ``CorefMetricTestConfig.pm``, the expected
``[recall, precision, F1]`` per metric and case (CC BY-SA 4.0; attribution and licence in
``reference_data/README.md`` and ``LICENSE``).  :func:`load_cases` reads the expected values
as published (Perl arithmetic such as ``(7/3)/6`` is evaluated exactly); the test suite and
the coreference report check implementations against them.
"""
from __future__ import annotations

import ast
import operator
import re
from fractions import Fraction
from pathlib import Path
from typing import Dict, List, Tuple

__all__ = ["DATA", "FAMILY", "TOL", "load_cases", "Case"]

#: The folder of the published files.
DATA = Path(__file__).with_name("reference_data")
#: The scorer's metric names -> ours.
FAMILY = {"muc": "muc", "bcub": "b3", "ceafm": "ceaf_m", "ceafe": "ceaf_e", "blanc": "blanc"}
#: The published values have 4 or 5 digits: agreement is checked to this tolerance.
TOL = 1e-4
#: (id, key file, response file, {family: (recall, precision, F1)})
Case = Tuple[str, str, str, Dict[str, Tuple[float, float, float]]]

_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
        ast.Div: operator.truediv}


def _value(node: ast.AST) -> Fraction:
    """Exact value of the arithmetic in the Perl file (numbers, + - * /, parentheses)."""
    if isinstance(node, ast.Expression):
        return _value(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return Fraction(str(node.value))
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_value(node.left), _value(node.right))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_value(node.operand)
    raise ValueError(f"unexpected expression in the test configuration: {ast.dump(node)}")


def _split_top(text: str) -> list:
    """Split a Perl list on the commas outside parentheses."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    return parts + [cur]


def load_cases() -> List[Case]:
    """(id, key file, response file, {family: (R, P, F)}) for every case of the config."""
    text = (DATA / "CorefMetricTestConfig.pm").read_text(encoding="utf-8")
    cases = []
    pattern = re.compile(r'\{\s*id\s*=>\s*"(\w+)",\s*key_file\s*=>\s*"DataFiles/([^"]+)",\s*'
                         r'response_file\s*=>\s*"DataFiles/([^"]+)",\s*'
                         r'expected_metrics\s*=>\s*\{(.*?)\}\s*\}', re.S)
    for cid, key, response, body in pattern.findall(text):
        expected = {}
        for line in body.splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            m = re.match(r'"(\w+)"\s*=>\s*\[(.*)\]', line)
            if not m:
                raise ValueError(f"unreadable line in case {cid}: {line!r}")
            values = [_value(ast.parse(v.strip(), mode="eval")) for v in _split_top(m.group(2))]
            if len(values) != 3:
                raise ValueError(f"case {cid} {m.group(1)}: expected 3 values, got {values}")
            expected[FAMILY[m.group(1)]] = tuple(float(v) for v in values)
        cases.append((cid, key, response, expected))
    return cases
