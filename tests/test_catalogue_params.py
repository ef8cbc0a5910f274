"""The catalogue's templates against the parameters the checks pass, read from the source.

`finding(code, **params)` makes a finding's sentences from its code's templates: a message
placeholder that no parameter fills raises `KeyError` only when that finding fires, and a
command or advice line whose placeholder is missing is silently left out. So every call of
`finding` in hwdoctor/diagnosis/ is read here (ast, no run): the codes it can make, the
variants it can ask for and the parameters it passes, including those spread in from a
dict (`**common`, `**known.install(backend)`) where the source says which keys it holds.
A misspelt parameter or placeholder fails this test, not a user's run.
"""

from __future__ import annotations

import ast
import difflib
import string
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from hwdoctor.diagnosis.catalogue import CATALOGUE, Code, Entry

DIAGNOSIS = Path(__file__).resolve().parent.parent / "hwdoctor" / "diagnosis"
# Parameters of `finding` itself, not of a template.
OWN = frozenset({"backend", "evidence", "variant"})


@dataclass(frozen=True)
class Call:
    where: str  # file:line
    codes: frozenset[Code]
    passed: frozenset[str]
    closed: bool  # every parameter is known (no spread the source does not spell out)
    variants: frozenset[str] | None  # None: any of the entry's (the variant is computed)
    default: bool  # whether the call can make the entry's own sentences (no variant)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _templates(entry: Entry, variant: str | None) -> Iterator[str]:
    """The templates a finding of `entry` in `variant` is made from."""
    key = variant or ""
    yield entry.variants.get(key, entry.message)
    yield from entry.variant_commands.get(key, entry.commands)
    advice = entry.variant_advice.get(key, entry.advice)
    if advice is not None:
        yield advice


def _variants(entry: Entry) -> set[str]:
    return set(entry.variants) | set(entry.variant_commands) | set(entry.variant_advice)


class _Module:
    """One diagnosis module's source, with what the resolution of a name needs."""

    def __init__(self, path: Path, returns: dict[str, set[str] | None]) -> None:
        self.path = path
        self.tree = ast.parse(path.read_text(encoding="utf-8"))
        self.returns = returns  # function name → keys of the dict it returns (None: unknown)
        self.parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
        self.functions = {
            node.name: node
            for node in ast.walk(self.tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        }

    def function_of(self, node: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return node
        return None

    def assigned(self, scope: ast.AST, name: str) -> list[ast.expr]:
        """Every value `name` is given in `scope` (a function, or the module)."""
        found: list[ast.expr] = []
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign):
                if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                    found.append(node.value)
                found.extend(  # name["key"] = ...
                    ast.Dict(keys=[target.slice], values=[node.value])
                    for target in node.targets
                    if isinstance(target, ast.Subscript)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == name
                )
            elif (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)
                and node.target.id == name
                and node.value is not None
            ):
                found.append(node.value)
        return found

    def codes(self, expr: ast.expr, scope: ast.AST | None, depth: int = 0) -> set[Code]:
        found: set[Code] = set()
        for node in ast.walk(expr):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "Code"
            ):
                found.add(Code[node.attr])
            elif isinstance(node, ast.Name) and depth < 3:
                for where in (scope, self.tree) if scope is not None else (self.tree,):
                    for value in self.assigned(where, node.id):
                        found |= self.codes(value, scope, depth + 1)
        return found

    def keys(self, expr: ast.expr, scope: ast.AST | None, depth: int = 0) -> set[str] | None:
        """The keys of the dict `expr` spreads into a call; None where the source does not
        spell them out."""
        if depth > 4:
            return None
        if isinstance(expr, ast.Dict):
            keys: set[str] = set()
            for key, value in zip(expr.keys, expr.values, strict=True):
                if key is None:  # {**other}
                    more = self.keys(value, scope, depth + 1)
                    if more is None:
                        return None
                    keys |= more
                elif isinstance(key, ast.Constant) and isinstance(key.value, str):
                    keys.add(key.value)
                else:
                    return None
            return keys
        if isinstance(expr, ast.IfExp):
            body, orelse = (
                self.keys(expr.body, scope, depth + 1),
                self.keys(expr.orelse, scope, depth + 1),
            )
            return None if body is None or orelse is None else body | orelse
        if isinstance(expr, ast.Call):
            func = expr.func
            if isinstance(func, ast.Name) and func.id == "dict" and not expr.args:
                return {k.arg for k in expr.keywords if k.arg is not None}
            if isinstance(func, ast.Name):
                return self.returns.get(f"{self.path.stem}.{func.id}")
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                if f"{func.value.id}.{func.attr}" in self.returns:  # module.function
                    return self.returns[f"{func.value.id}.{func.attr}"]
                kind = self._annotation(scope, func.value.id)  # known: Known
                if kind is not None and f"{kind}.{func.attr}" in self.returns:
                    return self.returns[f"{kind}.{func.attr}"]
                methods = [
                    k for k in self.returns if k.split(".")[1] == func.attr and k[0].isupper()
                ]
                return self.returns[methods[0]] if len(methods) == 1 else None
            return None
        if isinstance(expr, ast.Name) and scope is not None:
            values = self.assigned(scope, expr.id)
            if not values and isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return self._argument(scope, expr.id, depth)
            keys = set()
            for value in values:
                more = self.keys(value, scope, depth + 1)
                if more is None:
                    return None
                keys |= more
            return keys if values else None
        return None

    @staticmethod
    def _annotation(scope: ast.AST | None, name: str) -> str | None:
        """The class a parameter of `scope` is annotated with (`known: Known` → "Known")."""
        if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None
        for arg in scope.args.args + scope.args.kwonlyargs:
            if arg.arg == name and isinstance(arg.annotation, ast.Name):
                return arg.annotation.id
        return None

    def _argument(
        self, function: ast.FunctionDef | ast.AsyncFunctionDef, name: str, depth: int
    ) -> set[str] | None:
        """A parameter of `function`: what its callers in this module pass for it."""
        params = [a.arg for a in function.args.args]
        if name not in params:
            return None
        position = params.index(name)
        keys: set[str] = set()
        callers = 0
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == function.name:
                callers += 1
                given = [k.value for k in node.keywords if k.arg == name]
                value = (
                    given[0]
                    if given
                    else node.args[position]
                    if position < len(node.args)
                    else None
                )
                more = (
                    None if value is None else self.keys(value, self.function_of(node), depth + 1)
                )
                if more is None:
                    return None
                keys |= more
        return keys if callers else None


def _dict_returns(paths: list[Path]) -> dict[str, set[str] | None]:
    """Functions ("module.name") and methods ("Class.name") of diagnosis/ whose every
    return is a dict literal of string keys: their keys (None: not such a function). What
    `**known.install(backend)` spreads is read from `Known.install`."""
    returns: dict[str, set[str] | None] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        owners: list[tuple[str, ast.AST]] = [(path.stem, tree)]
        owners += [(c.name, c) for c in ast.walk(tree) if isinstance(c, ast.ClassDef)]
        for owner, node in owners:
            for function in getattr(node, "body", []):
                if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    returns[f"{owner}.{function.name}"] = _returned_keys(function)
    return returns


def _returned_keys(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str] | None:
    values = [r.value for r in ast.walk(function) if isinstance(r, ast.Return)]
    keys: set[str] = set()
    for value in values:
        if not isinstance(value, ast.Dict):
            return None
        for key in value.keys:
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                return None
            keys.add(key.value)
    return keys if values else None


def _calls() -> list[Call]:
    paths = sorted(p for p in DIAGNOSIS.rglob("*.py") if not p.name.startswith("catalogue"))
    returns = _dict_returns(paths)
    calls: list[Call] = []
    for path in paths:
        module = _Module(path, returns)
        for node in ast.walk(module.tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "finding"):
                continue
            where = f"{path.relative_to(DIAGNOSIS)}:{node.lineno}"
            scope = module.function_of(node)
            codes = module.codes(node.args[0], scope)
            assert codes, f"{where}: which codes `{ast.unparse(node.args[0])}` stands for"
            passed = {k.arg for k in node.keywords if k.arg is not None} - OWN
            closed = True
            for spread in (k.value for k in node.keywords if k.arg is None):
                keys = module.keys(spread, scope)
                if keys is None:
                    closed = False
                else:
                    passed |= keys
            variant = next((k.value for k in node.keywords if k.arg == "variant"), None)
            variants: frozenset[str] | None = frozenset()
            default = True
            if isinstance(variant, ast.Constant) and isinstance(variant.value, str):
                variants, default = frozenset({variant.value}), False
            elif variant is not None and not (
                isinstance(variant, ast.Constant) and variant.value is None
            ):
                said = {
                    n.value
                    for n in ast.walk(variant)
                    if isinstance(n, ast.Constant) and isinstance(n.value, str)
                }
                computed = any(
                    isinstance(n, (ast.Name, ast.Call)) for n in ast.walk(variant)
                ) and not isinstance(variant, ast.IfExp)
                variants = None if computed or not said else frozenset(said)
                # a choice between two variants makes neither the entry's own sentences
                default = not isinstance(variant, ast.IfExp) or any(
                    isinstance(b, ast.Constant) and b.value is None
                    for b in (variant.body, variant.orelse)
                )
            calls.append(
                Call(where, frozenset(codes), frozenset(passed - OWN), closed, variants, default)
            )
    return calls


CALLS = _calls()


def test_the_calls_are_found() -> None:
    """The reading reaches the checks of every module that makes findings."""
    assert len(CALLS) > 60
    made_in = {call.where.split(":")[0] for call in CALLS}
    assert made_in >= {"explain_checks.py", "load.py", "ranks.py", "pasted.py"}
    # every area of the detect checks (diagnosis/checks/) makes findings
    from hwdoctor.diagnosis import checks

    areas = {f"checks/{area.__name__.rsplit('.', 1)[1]}.py" for area in checks.AREAS}
    assert made_in >= areas, sorted(areas - made_in)
    assert sum(call.closed for call in CALLS) >= len(CALLS) - 2


@pytest.mark.parametrize("call", CALLS, ids=lambda call: call.where)
def test_no_parameter_is_a_near_miss_of_a_placeholder(call: Call) -> None:
    """A parameter that no template of its code names but that is one letter or two from
    a placeholder it does not fill is a misspelling. (Other parameters no template names
    are data of the finding's JSON, `params`, and stay.)"""
    misses = []
    for code in call.codes:
        entry = CATALOGUE[code]
        named = set().union(
            *(_fields(t) for v in [None, *_variants(entry)] for t in _templates(entry, v))
        )
        for extra in sorted(call.passed - named):
            near = difflib.get_close_matches(extra, sorted(named - call.passed), cutoff=0.8)
            misses += [f"{call.where}: {code.value}: {extra}= is not {near[0]}="] if near else []
    assert misses == []


@pytest.mark.parametrize("call", [c for c in CALLS if c.closed], ids=lambda call: call.where)
def test_every_placeholder_is_passed(call: Call) -> None:
    """Every template the call can reach finds each of its placeholders among the
    parameters (None is a value: it leaves the line out on purpose)."""
    unfilled = []
    for code in call.codes:
        entry = CATALOGUE[code]
        reachable = (
            _variants(entry) if call.variants is None else set(call.variants) & _variants(entry)
        )
        for variant in [None] * call.default + sorted(reachable):
            for template in _templates(entry, variant):
                missing = _fields(template) - call.passed
                unfilled += (
                    [
                        f"{call.where}: {code.value} (variant {variant}) needs {sorted(missing)} "
                        f"for {template!r}"
                    ]
                    if missing
                    else []
                )
    assert call.codes, f"{call.where}: no catalogue code found in the call"
    assert unfilled == []


def test_every_variant_asked_for_exists() -> None:
    for call in CALLS:
        for code in call.codes:
            if call.variants:
                assert call.variants & (_variants(CATALOGUE[code]) | {""}) or len(call.codes) > 1, (
                    f"{call.where}: {code.value} has none of the variants {sorted(call.variants)}"
                )
