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
- a key repeated in the same mapping is refused (YAML would silently keep the last one);
- every string (keys too) is free of control characters other than tab and newline (a stray
  ``\x1b`` or ``\x00`` would reach every page, tooltip and feed), and no longer than its limit
  (:data:`TEXT_LIMITS` by key, :data:`DEFAULT_TEXT_LIMIT` for any other): a 10,000-character
  ``short_title`` is not a title.

Every reason is in Portuguese (the schema's and the YAML reader's English never reaches the
reader), and a value quoted in a message is cut (:func:`shown`): a 2 MB value is never echoed whole.
"""

from __future__ import annotations

import functools
import json
import os
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

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
            name = self.file.resolve().relative_to(ROOT)
        except ValueError:
            name = self.file
        return f"{name}: em {cut(self.place, 300)}: {cut(self.reason, MAX_REASON)}"


MAX_SHOWN = 80
MAX_REASON = 1_000


def cut(text: str, limit: int = MAX_SHOWN) -> str:
    """``text``, cut to ``limit`` characters with the size of what was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… (+{_thousands(len(text) - limit)} caracteres)"


def shown(value: Any) -> str:
    """A value as a message quotes it (``repr``), cut: a huge value is never echoed whole."""
    text = repr(value)
    if len(text) <= MAX_SHOWN:
        return text
    size = f" ({_thousands(len(value))} caracteres)" if isinstance(value, str) else ""
    return f"{text[:MAX_SHOWN]}…{size}"


def _thousands(number: int) -> str:
    return f"{number:,}".replace(",", ".")


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
    """The validator for ``data/schema/<schema_name>.schema.json`` (checked against the meta-schema
    once per text of the schema: a rebuild of ``mkdocs serve`` sees an edited schema)."""
    path = SCHEMAS / f"{schema_name}.schema.json"
    return _validator(path.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=64)
def _validator(text: str) -> Draft202012Validator:
    schema = json.loads(text)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


TYPE_NAMES = {
    "string": "um texto", "integer": "um número inteiro", "number": "um número", "boolean": "true ou false",
    "array": "uma lista", "object": "um mapeamento (chave: valor)", "null": "vazio (null)",
}


def _type_names(value: Any) -> str:
    kinds = value if isinstance(value, list) else [value]
    return " ou ".join(TYPE_NAMES.get(k, str(k)) for k in kinds)


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def _deepest(error: ValidationError) -> ValidationError:
    """For a value that fits none of a schema's alternatives (``oneOf``/``anyOf``), the error of
    the alternative it came closest to (the reason and the place that help)."""
    while error.validator in ("oneOf", "anyOf") and error.context:
        error = best_match(error.context)
    return error


def _reason(error: ValidationError) -> str:
    """The schema's refusal in Portuguese (never its English message)."""
    validator, expected, value = error.validator, error.validator_value, error.instance
    if validator == "required":
        missing = [k for k in expected if isinstance(value, dict) and k not in value]
        return f"campo obrigatório ausente ({', '.join(map(repr, missing))})"
    if validator == "additionalProperties":
        known = set(error.schema.get("properties", {}))
        extra = sorted(k for k in value if k not in known) if isinstance(value, dict) else []
        allowed = ", ".join(repr(k) for k in sorted(known)) or "nenhuma"
        return f"chave desconhecida: {', '.join(shown(k) for k in extra)} (aceitas aqui: {cut(allowed, 300)})"
    if validator == "type" and isinstance(value, float) and "string" in expected:
        return f"número decimal sem aspas ({value!r}): escreva-o entre aspas, como é digitado"
    if validator == "type":
        return f"tipo errado: {shown(value)} não é {_type_names(expected)}"
    if validator == "pattern":
        return f"formato inválido: {shown(value)} não segue {cut(str(expected), 200)}"
    if validator == "enum":
        return f"valor não permitido: {shown(value)} (permitidos: {cut(str(expected), 300)})"
    if validator == "const":
        return f"valor não permitido: {shown(value)} (aqui só {shown(expected)})"
    if validator == "oneOf" and all(isinstance(k, dict) and "const" in k for k in expected):
        kinds = [k["const"] for k in expected]  # kinds with their titles (note types)
        return f"valor não permitido: {shown(value)} (permitidos: {cut(str(kinds), 300)})"
    if validator in ("oneOf", "anyOf"):
        if validator == "oneOf" and not error.context:
            return f"{shown(value)} cabe em mais de uma das formas aceitas aqui, e só uma é permitida"
        return f"{shown(value)} não cabe em nenhuma das formas aceitas aqui"
    if validator == "minLength":
        if isinstance(value, str) and not value.strip():
            return "texto vazio"
        return f"texto curto demais ({_count(len(value), 'caractere', 'caracteres')}; o mínimo é {expected})"
    if validator == "maxLength":
        return f"texto longo demais ({_count(len(value), 'caractere', 'caracteres')}; o máximo é {expected})"
    if validator == "minItems":
        if not value:
            return f"lista vazia (é preciso ao menos {_count(expected, 'item', 'itens')})"
        return f"lista com {_count(len(value), 'item', 'itens')}; o mínimo é {expected}"
    if validator == "maxItems":
        return f"lista com {_count(len(value), 'item', 'itens')}; o máximo é {expected}"
    if validator == "uniqueItems":
        return "lista com itens repetidos"
    if validator in ("minimum", "exclusiveMinimum"):
        return f"o número {shown(value)} é menor que o {'mínimo' if validator == 'minimum' else 'limite'} {expected}"
    if validator in ("maximum", "exclusiveMaximum"):
        return f"o número {shown(value)} é maior que o {'máximo' if validator == 'maximum' else 'limite'} {expected}"
    if validator == "multipleOf":
        return f"o número {shown(value)} não é múltiplo de {expected}"
    if validator in ("minProperties", "maxProperties"):
        return f"mapeamento com {_count(len(value), 'chave', 'chaves')} (limite: {expected})"
    if validator == "dependentRequired":
        return f"com estas chaves, também é obrigatório: {cut(str(expected), 200)}"
    if validator == "propertyNames":
        return "nome de chave não permitido aqui"
    if validator == "contains":
        return "a lista não tem nenhum item da forma exigida"
    if validator == "format":
        return f"formato inválido: {shown(value)} não é {expected}"
    return f"valor não aceito aqui: {shown(value)} (regra {validator!r} do esquema)"


# The YAML reader's English problems, in Portuguese (the rest: "YAML inválido nesta posição").
YAML_PROBLEMS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(a), b) for a, b in (
    (r"could not determine a constructor for the tag '?([^']*)'?",
     "etiqueta YAML {0} não é aceita: os dados são só textos, números, listas e mapeamentos"),
    (r"found unhashable key", "chave que não é um texto simples (uma lista ou um mapeamento como chave)"),
    (r"unacceptable character #x([0-9a-fA-F]+)", "caractere de controle U+{0} no arquivo: apague-o"),
    (r"found character '(.*)' that cannot start any token",
     "o caractere {0} não pode começar um valor (uma tabulação no recuo? use espaços)"),
    (r"found a tab character", "tabulação no recuo: use espaços"),
    (r"mapping values are not allowed here", "«:» inesperado: um texto com dois-pontos precisa de aspas"),
    (r"could not find expected ':'", "falta «:» depois da chave"),
    (r"found undefined alias '?([^']*)'?", "alias *{0} sem a âncora &{0} antes dele"),
    (r"found duplicate anchor", "âncora (&nome) repetida"),
    (r"found unknown escape character '?([^']*)'?", "escape \\\\{0} desconhecido num texto entre aspas"),
    (r"found unexpected end of stream", "o arquivo termina no meio de um texto entre aspas"),
    (r"expected ',' or '\]'", "lista entre colchetes sem o «]» (ou sem vírgula entre os itens)"),
    (r"expected ',' or '\}'", "mapeamento entre chaves sem o «}}» (ou sem vírgula entre os itens)"),
    (r"expected <block end>|did not find expected", "recuo inconsistente: confira os espaços desta linha"),
    (r"expected a single document", "mais de um documento no arquivo (um «---» a mais)"),
    (r"expected alphabetic or numeric character", "âncora ou alias (&nome, *nome) sem nome"),
))


def _yaml_reason(problem: str) -> str:
    for pattern, words in YAML_PROBLEMS:
        found = pattern.search(problem)
        if found:
            return words.format(*(cut(g, 40) for g in found.groups()))
    return "YAML inválido nesta posição (confira aspas, dois-pontos e o recuo)"


# Strings: no control character but tab and newline; a limit per key (the longest of today's data
# is a provision's text of 835 characters; a title of 72).
ALLOWED_CONTROLS = {"\t", "\n"}
DEFAULT_TEXT_LIMIT = 2_000
KEY_LIMIT = 200
TEXT_LIMITS = {
    "text": 20_000,
    "short_title": 80, "short": 80, "term": 80, "slug": 80, "id": 120, "name": 120, "title": 200,
    "label": 200, "publisher": 160, "marker": 300, "urn": 300, "url": 2_000, "read": 2_000,
}


def text_limit(key: str) -> int:
    return TEXT_LIMITS.get(key, DEFAULT_TEXT_LIMIT)


def _official_url() -> re.Pattern[str]:
    """The registry's allow-list of official publications (``data/schema/atos.schema.json``,
    ``$defs.url``): the only addresses a reading may call official."""
    schema = json.loads((SCHEMAS / "atos.schema.json").read_text(encoding="utf-8"))
    return re.compile(schema["$defs"]["url"]["pattern"])


def _official_hosts(pattern: re.Pattern[str]) -> set[str]:
    """The hosts of the allow-list (``www.planalto.gov.br``…), read from its alternatives."""
    group = re.search(r"\(([^()]*)\)", pattern.pattern)
    parts = group.group(1).split("|") if group else []
    return {part.replace("\\", "").split("/", 1)[0] for part in parts}


def check_strings(path: Path, data: Any) -> None:
    """Every string of ``data`` (keys too) clean and within its limit; every reading that calls
    itself official at an official address, and none through a third party's mirror of one (see
    the module docstring)."""
    official = _official_url()
    hosts = _official_hosts(official)

    def text(value: str, key: str, place: str, is_key: bool = False) -> None:
        for i, ch in enumerate(value):
            if unicodedata.category(ch) == "Cc" and ch not in ALLOWED_CONTROLS:
                raise DataError(path, place or "(raiz)",
                                f"caractere de controle U+{ord(ch):04X} na posição {i + 1} de "
                                f"{'uma chave' if is_key else 'um texto'} ({shown(value)}): apague-o")
        limit = KEY_LIMIT if is_key else text_limit(key)
        if len(value) > limit:
            raise DataError(path, place or "(raiz)",
                            f"{'chave' if is_key else 'texto'} longo demais ({_thousands(len(value))} caracteres; "
                            f"o limite de {repr(key) if key else 'um texto'} é {_thousands(limit)}): {shown(value)}")

    def walk(node: Any, key: str, place: str) -> None:
        if isinstance(node, str):
            text(node, key, place)
        elif isinstance(node, dict):
            for name, value in node.items():
                where = f"{place}.{name}" if place else str(name)
                if isinstance(name, str):
                    text(name, name, where, is_key=True)
                walk(value, str(name), where)
            if node.get("official") is True and isinstance(node.get("url"), str) \
                    and not official.match(node["url"]):
                raise DataError(path, f"{place}.url" if place else "url",
                                f"leitura marcada como oficial (official: true) num endereço que não é de uma "
                                f"publicação oficial por https ({shown(node['url'])}): use o endereço oficial "
                                "(a lista está em data/schema/atos.schema.json, $defs.url) ou official: false")
            url = node.get("url")
            if "official" in node and isinstance(url, str) and not official.match(url):
                inside = url.split("://", 1)[-1].split("/", 1)[-1]
                mirrored = sorted(host for host in hosts if host in inside)
                if mirrored:
                    raise DataError(path, f"{place}.url" if place else "url",
                                    f"endereço de terceiros que repassa uma página oficial ({mirrored[0]}): "
                                    f"{shown(url)}; ligue a página oficial e diga que a cópia lida foi "
                                    "guardada (stored_copy: true)")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, key, f"{place}[{i}]")

    walk(data, "", "")


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


class _Strict:
    """Bounds alias expansion and refuses repeated keys (mixed into a safe loader)."""

    def get_single_node(self) -> Any:
        node = super().get_single_node()  # type: ignore[misc]
        if node is not None:
            _expanded_size(node)
        return node

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, int] = {}
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)  # type: ignore[attr-defined]
                try:
                    first = seen.get(key)
                except TypeError:  # an unhashable key: the constructor reports it
                    continue
                if first is not None:
                    raise _Refused(f"chave {key!r} repetida neste mapeamento (já aparece na linha {first + 1})",
                                   key_node.start_mark)
                seen[key] = key_node.start_mark.line
        return super().construct_mapping(node, deep)  # type: ignore[misc]


class StrictLoader(_Strict, yaml.SafeLoader):  # type: ignore[misc]
    """``yaml.SafeLoader`` that bounds alias expansion and refuses repeated keys: its messages are
    the ones :func:`_yaml_reason` words in Portuguese."""


# Characters the two parsers read differently (libyaml takes NEL and the Unicode line and paragraph
# separators for line breaks, PyYAML keeps them): a file with one is read by StrictLoader only, so
# that the check of control characters still sees it (tests/test_yaml_loaders.py).
LINE_BREAKS_READ_APART = ("\x85", "\u2028", "\u2029",
                          # and the escapes that write them in a double-quoted scalar
                          "\\x85", "\\N", "\\L", "\\P", "\\u0085", "\\u2028", "\\u2029", "\\U00000085")

# The same loader on libyaml's parser (about ten times faster: the data are read by every build);
# a file it refuses is read again by :class:`StrictLoader`, whose reasons the messages translate.
FastStrictLoader: type = (type("FastStrictLoader", (_Strict, yaml.CSafeLoader), {})
                          if getattr(yaml, "__with_libyaml__", False) else StrictLoader)


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
    loader = StrictLoader if any(c in text for c in LINE_BREAKS_READ_APART) else FastStrictLoader
    try:
        try:
            return yaml.load(text, Loader=loader)  # a SafeLoader
        except _Refused:
            raise
        except yaml.YAMLError:
            if loader is StrictLoader:
                raise
        return yaml.load(text, Loader=StrictLoader)  # the reason, as the messages know it
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        place = f"linha {mark.line + 1}, coluna {mark.column + 1}" if mark else "(arquivo)"
        problem = getattr(exc, "problem", None)
        if isinstance(exc, _Refused):
            raise DataError(path, place, str(problem)) from None
        raise DataError(path, place, f"YAML inválido: {_yaml_reason(str(problem or exc))}") from None
    except (ValueError, TypeError, OverflowError):
        # a value the reader cannot build (an unquoted date of a month 13, a number too large)
        raise DataError(path, "(arquivo)", "valor que não pode ser lido (uma data inexistente sem aspas, "
                                           "como 2024-13-01?): escreva-o entre aspas") from None
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
    check_strings(path, data)
    validator = schema_validator(schema_name)
    errors = sorted(validator.iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    if errors:
        error = _deepest(errors[0])
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
