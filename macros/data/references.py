"""Every provision named in code or in a page exists in the data: checked when the Site loads.

A provision removed from ``data/statutes/`` while a calculator or a page still names it used to
end the build in a ``KeyError`` deep in a page (silent under ``mkdocs build -q``). Now the Site's
load (:func:`macros.data.site.load`) calls :func:`check`, which reads, before any page is built:

- the calculators (``calculators/``): every :class:`~calculators.core.provisions.Provision` of this
  edition they name: each ``Parameter``'s provision (``calculators/acts/``), each calculator's
  declared provisions (``SPEC.provisions``), and every call in the code that makes one from
  literal words (``lei1965("art5_cpt")``, ``Provision(LEI_1965, "art7_cpt")``), with its line;
- the «Hoje» claims the calculators name by id (``calculators.rules.today.CLAIMS``), in
  ``data/hoje/``;
- the pages (``docs/**/*.md``), read as Jinja templates (never by pattern matching): every call of
  a macro that names a provision or a «Hoje» box (``dispositivo``, ``hoje``, ``hoje_fonte``), a
  statute (``statute_page``), an act of the registry (``ato``) or a calculator (``calculator``,
  ``exemplo``), with its page and line.

A name that does not exist raises :class:`~macros.data.loader.DataError` naming the file that
names it, the place (the line, and the name in the code) and what is missing where.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from collections.abc import Container, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import nodes

from calculators import api
from calculators.core.parameters import Parameter
from calculators.core.provisions import Provision

from .hoje import UnknownClaimError, index_claims
from .loader import ROOT, DataError
from .model import Statute

CALCULATORS = ROOT / "calculators"
DOCS = ROOT / "docs"


@dataclass(frozen=True)
class Named:
    """A provision named somewhere: which statute and id, in which file and where."""

    statute: str
    id: str
    file: Path
    place: str


# ------------------------------------------------------------------ the calculators
def _modules() -> Iterator[Any]:
    import calculators

    for info in pkgutil.walk_packages(calculators.__path__, "calculators."):
        yield importlib.import_module(info.name)


def _file_of(module: Any) -> Path:
    return Path(inspect.getfile(module)).resolve()


def _line_of(path: Path, words: str) -> int | None:
    """The first line of ``path`` where ``words`` is written as a string literal."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if f'"{words}"' in line or f"'{words}'" in line:
            return number
    return None


def _place(path: Path, provision_id: str, name: str) -> str:
    line = _line_of(path, provision_id)
    return f"linha {line} ({name})" if line else name


def _statute_made_by(function: Any) -> str | None:
    """The statute of the provisions ``function`` makes from an id (``provision`` of an act's
    module, ``lei1965``…), read by calling it; ``None`` for any other function."""
    if not inspect.isfunction(function) or not function.__module__.startswith("calculators"):
        return None
    if function.__annotations__.get("return") not in (Provision, "Provision"):
        return None
    if len(inspect.signature(function).parameters) != 1:
        return None
    made = function("art1")
    return made.statute if isinstance(made, Provision) and not made.external else None


def _resolve(module: Any, func: ast.expr) -> Any:
    """The object a call's function names in ``module`` (``provision``, ``acts.lei1965``…)."""
    if isinstance(func, ast.Name):
        return getattr(module, func.id, None)
    if isinstance(func, ast.Attribute):
        owner = _resolve(module, func.value)
        return getattr(owner, func.attr, None) if owner is not None else None
    return None


def _literal_calls(module: Any) -> Iterator[Named]:
    """Provisions made in ``module``'s code from literal words, with their line: calls of a
    function that makes one (resolved in the module, whatever name it is imported under) and
    ``Provision(<statute>, "<id>")``."""
    path = _file_of(module)
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        function = _resolve(module, node.func)
        args = node.args
        name = ast.unparse(node.func)
        if function is Provision:
            # (a provision with a label or an address is outside this edition)
            if len(args) == 2 and isinstance(args[1], ast.Constant) and isinstance(args[1].value, str) \
                    and not any(k.arg in ("label", "url") for k in node.keywords):
                slug = args[0].value if isinstance(args[0], ast.Constant) else _resolve(module, args[0])
                if isinstance(slug, str):
                    yield Named(slug, args[1].value, path, f"linha {node.lineno} (Provision)")
            continue
        if args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
            statute = _statute_made_by(function)
            if statute is not None:
                yield Named(statute, args[0].value, path, f"linha {node.lineno} ({name})")


def named_in_code() -> list[Named]:
    """Every provision of this edition the calculators name (see the module docstring)."""
    modules = list(_modules())
    found: list[Named] = []
    for module in modules:
        path = _file_of(module)
        for name, value in vars(module).items():
            if isinstance(value, Parameter) and getattr(value.provision, "external", True) is False:
                provision = value.provision
                found.append(Named(provision.statute, provision.id, path,
                                   _place(path, provision.id, f"{name}, parâmetro {value.name!r}")))
    for name, spec in api.REGISTRY.items():
        module = inspect.getmodule(spec.compute)
        path = _file_of(module) if module is not None else CALCULATORS
        for provision in spec.provisions:
            if not provision.external:
                found.append(Named(provision.statute, provision.id, path,
                                   _place(path, provision.id, f"SPEC.provisions da calculadora {name!r}")))
    for module in modules:
        found.extend(_literal_calls(module))
    return found


# ------------------------------------------------------------------ the pages
@dataclass(frozen=True)
class MacroCall:
    name: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    file: Path
    line: int


def _constant(node: nodes.Node) -> Any:
    if not isinstance(node, nodes.Expr):
        return None
    try:
        return node.as_const()
    except nodes.Impossible:
        return None


def macro_calls(docs: Path = DOCS) -> Iterator[MacroCall]:
    """Every call of a named macro in the pages, with its literal arguments (``None`` where an
    argument is not a literal)."""
    environment = jinja2.Environment()
    for path in sorted(docs.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        if "{{" not in text and "{%" not in text:
            continue
        try:
            tree = environment.parse(text)
        except jinja2.TemplateSyntaxError as exc:
            raise DataError(path, f"linha {exc.lineno}", f"Jinja inválido: {exc.message}") from None
        for call in tree.find_all(nodes.Call):
            if isinstance(call.node, nodes.Name):
                yield MacroCall(call.node.name, tuple(_constant(a) for a in call.args),
                                {k.key: _constant(k.value) for k in call.kwargs}, path, call.lineno)


def _arg(call: MacroCall, index: int, name: str) -> Any:
    if len(call.args) > index:
        return call.args[index]
    return call.kwargs.get(name)


def check_pages(statutes: Mapping[str, Statute], today: Mapping[str, Any], acts: Container[str],
                docs: Path = DOCS) -> None:
    """Every statute, provision, «Hoje» box and calculator a page's macros name exists."""
    calculators = set(api.REGISTRY)
    for call in macro_calls(docs):
        place = f"linha {call.line} ({call.name})"
        slug: Any = None
        provision: Any = None
        if call.name in ("dispositivo", "hoje", "hoje_fonte"):
            second = "node_id" if call.name == "dispositivo" else "article"
            slug, provision = _arg(call, 0, "slug"), _arg(call, 1, second)
            if call.name == "hoje_fonte" and not isinstance(_arg(call, 2, "index"), int):
                slug = None  # another form (a claim by its id): the «Hoje» layer checks it
        elif call.name == "statute_page":
            slug = _arg(call, 0, "slug")
        elif call.name == "ato":
            act = _arg(call, 0, "act_id")
            if isinstance(act, str) and act not in acts:
                raise DataError(call.file, place, f"ato {_shown(act)} não está no registro (data/atos.yaml)")
            continue
        elif call.name in ("calculator", "exemplo"):
            name = _arg(call, 0, "name")
            if isinstance(name, str) and name not in calculators:
                raise DataError(call.file, place,
                                f"calculadora {_shown(name)} não existe (há: {', '.join(sorted(calculators))})")
            continue
        if not isinstance(slug, str):
            continue
        if slug not in statutes:
            raise DataError(call.file, place, f"ato {_shown(slug)} não está nos dados (data/statutes/; há: "
                                              f"{', '.join(sorted(statutes))})")
        if not isinstance(provision, str):
            continue
        if call.name == "dispositivo":
            _check_one(statutes, Named(slug, provision, call.file, place))
            continue
        layer = today.get(slug)
        boxes = set(getattr(layer, "articles", {})) | set(getattr(layer, "outside", {}))
        if provision not in boxes:
            raise DataError(call.file, place, f"cita a caixa «Hoje» {_shown(provision)} de {slug}, que não existe "
                                              f"em data/hoje/{slug}.yaml (nem entre os artigos nem em outside)")


def check_claims_named_in_code(today: Mapping[str, Any]) -> None:
    """Every «Hoje» claim the calculators name by id (``calculators.rules.today.CLAIMS``: the box
    «O que vale hoje» shows its words) exists in ``data/hoje/``."""
    from calculators.rules import today as today_rules

    known = index_claims(today)
    path = CALCULATORS / "rules" / "today.py"
    for ref, claim_id in today_rules.CLAIMS.items():
        if claim_id not in known:
            raise DataError(path, _place(path, claim_id, f"CLAIMS[{ref!r}]"),
                            UnknownClaimError(claim_id, known).reason)


def _shown(value: str) -> str:
    return repr(value if len(value) <= 80 else value[:77] + "…")


def _check_one(statutes: Mapping[str, Statute], named: Named) -> None:
    statute = statutes.get(named.statute)
    if statute is None:
        raise DataError(named.file, named.place, f"ato {_shown(named.statute)} não está nos dados "
                                                 f"(data/statutes/; há: {', '.join(sorted(statutes))})")
    if named.id not in {node.id for node in statute.walk()}:
        raise DataError(named.file, named.place,
                        f"cita o dispositivo {_shown(named.id)} de {named.statute}, que não existe em "
                        f"{_data_name(statute)}: removido ou renomeado? (o id é permanente)")


def _data_name(statute: Statute) -> str:
    try:
        return statute.path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return f"data/statutes/{statute.path.name}"


def check(statutes: Mapping[str, Statute], today: Mapping[str, Any], acts: Container[str],
          docs: Path = DOCS) -> None:
    """Stop (:class:`DataError`) on the first provision, box or calculator named in code or in a
    page that the data does not have."""
    for named in named_in_code():
        _check_one(statutes, named)
    check_claims_named_in_code(today)
    check_pages(statutes, today, acts, docs)
