"""Read and validate the project's data files.

Every data file in ``data/`` is YAML validated against a JSON Schema in ``data/schema/``. A file
that does not validate stops the build with a :class:`DataError` that names the file, the place
in it (a JSON path such as ``body[3].children[0].id``, or a line and column) and the reason, in
Portuguese.

Before the schema, the file itself is checked, so that no broken file can end in a traceback,
take minutes or eat the machine's memory:

- size: at most ``MAX_DATA_BYTES`` (checked before reading);
- encoding: UTF-8 (the place of the first invalid byte is given);
- YAML aliases (``*nome``) are allowed (the «Hoje» layer shares a claim among articles), but the
  document they expand to is bounded: at most ``MAX_EXPANDED_NODES`` nodes counted with every alias
  expanded, and no alias may contain itself. A few lines of nested aliases (a "billion laughs" bomb)
  would otherwise expand to gigabytes when validated or exported;
- a key repeated in the same mapping is refused (YAML would silently keep the last one).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

ROOT = Path(__file__).resolve().parents[2]
# EP_DATA_DIR lets the tests build the site from a copy of data/ holding a broken file.
DATA = Path(os.environ.get("EP_DATA_DIR", ROOT / "data")).resolve()
SCHEMAS = ROOT / "data" / "schema"
# The largest data file today has under 100 kB; 2 MB leaves room and keeps a build in seconds.
MAX_DATA_BYTES = 2_000_000


@dataclass
class DataError(Exception):
    """A data file is broken: which file, where in it, and why."""

    file: Path
    place: str
    reason: str

    def __str__(self) -> str:
        try:
            shown = self.file.resolve().relative_to(ROOT)
        except ValueError:
            shown = self.file
        return f"{shown}: em {self.place}: {self.reason}"


def json_path(parts: Any) -> str:
    """Render a jsonschema path deque as ``body[3].children[0].id``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def schema_validator(schema_name: str) -> Draft202012Validator:
    """The validator for ``data/schema/<schema_name>.schema.json``."""
    path = SCHEMAS / f"{schema_name}.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _reason(error: ValidationError) -> str:
    validator = error.validator
    if validator == "required":
        return f"campo obrigatório ausente ({error.message.split(' ')[0]})"
    if validator == "additionalProperties":
        return f"chave desconhecida: {error.message}"
    if validator == "type" and isinstance(error.instance, float) and "string" in error.validator_value:
        return f"número decimal sem aspas ({error.instance!r}): escreva-o entre aspas, como é digitado"
    if validator == "type":
        return f"tipo errado: {error.instance!r} não é do tipo {error.validator_value}"
    if validator == "pattern":
        return f"formato inválido: {error.instance!r} não segue {error.validator_value}"
    if validator == "enum":
        return f"valor não permitido: {error.instance!r} (permitidos: {error.validator_value})"
    if validator == "oneOf" and all(isinstance(k, dict) and "const" in k for k in error.validator_value):
        allowed = [k["const"] for k in error.validator_value]  # kinds with their titles (note types)
        return f"valor não permitido: {error.instance!r} (permitidos: {allowed})"
    return str(error.message)


class _Refused(yaml.MarkedYAMLError):  # type: ignore[misc]
    """Something our YAML reader refuses (an alias, a repeated key), at a place in the file."""

    def __init__(self, problem: str, mark: Any) -> None:
        super().__init__(problem=problem, problem_mark=mark)


MAX_EXPANDED_NODES = 200_000
"""The most nodes a data file may hold with its aliases expanded (the largest file has ~25 000)."""


def _expanded_size(root: Any) -> int:
    """How many nodes ``root`` stands for with every alias expanded; stops past the limit.

    Shared nodes are counted once per reference (that is what an alias costs downstream) but
    computed once (memoised), so a bomb is measured in linear time. A node that contains itself
    (a recursive alias) is refused.
    """
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()

    def size(node: Any) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in open_nodes:
            raise _Refused("alias YAML recursivo (um valor que contém a si mesmo)", node.start_mark)
        open_nodes.add(key)
        total = 1
        if isinstance(node, yaml.SequenceNode):
            children: list[Any] = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            children = [part for pair in node.value for part in pair]
        else:
            children = []
        for child in children:
            total += size(child)
            if total > MAX_EXPANDED_NODES:
                raise _Refused(f"com os aliases (*nome) expandidos o arquivo passa de {MAX_EXPANDED_NODES:,} "
                               "valores (alias em cascata?)".replace(",", "."), child.start_mark)
        open_nodes.discard(key)
        sizes[key] = total
        return total

    return size(root)


class StrictLoader(yaml.SafeLoader):  # type: ignore[misc]
    """``yaml.SafeLoader`` that bounds alias expansion and refuses repeated keys."""

    def get_single_node(self) -> Any:
        node = super().get_single_node()
        if node is not None:
            _expanded_size(node)
        return node

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, int] = {}
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.get(key)
                except TypeError:  # an unhashable key: the constructor reports it
                    continue
                if first is not None:
                    raise _Refused(f"chave {key!r} repetida neste mapeamento (já aparece na linha {first + 1})",
                                   key_node.start_mark)
                seen[key] = key_node.start_mark.line
        return super().construct_mapping(node, deep)


def read_text(path: Path) -> str:
    """The UTF-8 text of a data file, refusing a file too large or not UTF-8 (:class:`DataError`)."""
    try:
        size = path.stat().st_size
        if size > MAX_DATA_BYTES:
            raise DataError(path, "(arquivo)", f"arquivo grande demais ({size / 1e6:.1f} MB; o limite dos "
                                               f"arquivos de dados é {MAX_DATA_BYTES / 1e6:.0f} MB)")
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError(path, "(arquivo)", f"não foi possível ler o arquivo ({exc.strerror})") from exc
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        line_start = raw.rfind(b"\n", 0, exc.start) + 1
        column = len(raw[line_start:exc.start].decode("utf-8", "replace")) + 1
        raise DataError(path, f"linha {line}, coluna {column}",
                        f"o arquivo não está em UTF-8 (byte inválido 0x{raw[exc.start]:02x})") from None


def read_yaml(path: Path) -> Any:
    """Parse a YAML file, turning every problem into :class:`DataError` (see the module doc)."""
    text = read_text(path)
    try:
        return yaml.load(text, Loader=StrictLoader)  # StrictLoader is a SafeLoader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        place = f"linha {mark.line + 1}, coluna {mark.column + 1}" if mark else ""
        raise DataError(path, place, f"YAML inválido: {getattr(exc, 'problem', exc)}") from exc
    except RecursionError:
        raise DataError(path, "(arquivo)", "YAML aninhado fundo demais") from None


def check_source(path: Path, place: str, name: str) -> None:
    """The source document ``name`` named at ``place`` of ``path`` must exist in ``data/sources/``
    (the page links to it: a wrong name would publish a dead link)."""
    if not (DATA / "sources" / name).is_file():
        known = ", ".join(sorted(p.name for p in (DATA / "sources").glob("*.txt"))) or "nenhum"
        raise DataError(path, place, f"documento-fonte {name!r} não existe em data/sources/ (há: {known})")


def load_validated(path: Path, schema_name: str) -> Any:
    """Read ``path`` and validate it against ``schema_name``; raise :class:`DataError` if broken.

    The first error in document order is reported (the deepest one when several branches fail).
    """
    data = read_yaml(path)
    validator = schema_validator(schema_name)
    errors = sorted(validator.iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    if errors:
        error = errors[0]
        raise DataError(path, json_path(error.absolute_path) or "(raiz)", _reason(error))
    return data


# A printed number as the 1945 tables print it: «1.900,00», «900», «CR$510,00».
_PRINTED_NUMBER = re.compile(r"^(?:CR\$\s*)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$")


def _nodes(node: Any, place: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        yield place, node
        for key, value in node.items():
            yield from _nodes(value, f"{place}.{key}" if place else str(key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _nodes(value, f"{place}[{i}]")


def source_line_count(name: str) -> int:
    """How many lines the source document ``name`` (in ``data/sources/``) has."""
    return len((DATA / "sources" / name).read_text(encoding="utf-8").splitlines())


def check_against_source(path: Path, raw: Any, source: str) -> None:
    """What a data file says about its source document must be true of it: every ``line``,
    ``lines`` and ``source_lines`` within the document; every printed plain number
    (``printed``) equal to its ``value`` unless a note explains the difference."""
    count = source_line_count(source)
    for place, node in _nodes(raw):
        line = node.get("line")
        if isinstance(line, int) and not isinstance(line, bool) and not 1 <= line <= count:
            raise DataError(path, f"{place}.line" if place else "line",
                            f"linha {line} fora do documento-fonte {source} (que tem {count} linhas)")
        for key in ("lines", "source_lines"):
            span = node.get(key)
            if not (isinstance(span, list) and len(span) == 2 and all(isinstance(n, int) for n in span)):
                continue
            if not 1 <= span[0] <= span[1] <= count:
                raise DataError(path, f"{place}.{key}" if place else key,
                                f"linhas {span[0]}–{span[1]} fora do documento-fonte {source} "
                                f"(que tem {count} linhas)")
        printed, value = node.get("printed"), node.get("value")
        if isinstance(printed, str) and isinstance(value, (int, str)) and not isinstance(value, bool) \
                and not node.get("notes"):
            match = _PRINTED_NUMBER.match(printed.strip())
            if match is None:
                continue
            read = Decimal(match.group(1).replace(".", "") + (f".{match.group(2)}" if match.group(2) else ""))
            try:
                given = Decimal(str(value))
            except ArithmeticError:
                continue
            if read != given:
                raise DataError(path, f"{place}.value" if place else "value",
                                f"o impresso {printed!r} não confere com o valor {value} (e nenhuma nota explica)")
