"""Turning a model's answer into validated JSON: the strict reading rule, schema checks, repairs.

The rule: an answer is the whole reply. It counts when the structured channel carried it (JSON-schema
output, a forced tool call) or, in JSON mode, when the entire text is one JSON value, optionally inside a
single ```json fence. Nothing is fished out of prose: a refusal that quotes an example object, or an
object followed by "this is only an example", is not an answer, however plausible its numbers look.
Such replies go to the one repair turn and, failing that, are stored as failures with their raw text.
An object that names the same key twice is ambiguous (which value did the model mean?) and is refused.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import jsonschema

# One fence around the whole reply, nothing before or after it. The body may not hold another fence.
_ONE_FENCE = re.compile(r"\A```[ \t]*(?:json|JSON)?[ \t]*\n(.*?)\n?[ \t]*```\Z", re.DOTALL)


class DuplicateKey(ValueError):
    """An object in the answer names the same key twice."""


@dataclass
class Parsed:
    """Outcome of reading one answer: ``data`` when it is a valid object, else ``error`` says why."""

    data: dict[str, Any] | None
    error: str | None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKey(f"the answer gives the key {key!r} twice")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    # Python's json would read NaN/Infinity, which are not JSON and compare false against any range.
    raise ValueError(f"{name} is not a JSON number")


def loads_strict(text: str) -> Any:
    """``json.loads`` that refuses duplicate keys and NaN/Infinity. Raises ValueError."""
    return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)


class _Marked(dict):  # type: ignore[type-arg]
    """A decoded object that remembers the first key it saw twice (see ``marking_loads``)."""

    duplicate: str | None = None


def _mark_pairs(pairs: list[tuple[str, Any]]) -> _Marked:
    out = _Marked()
    for key, value in pairs:
        if key in out and out.duplicate is None:
            out.duplicate = key
        out[key] = value
    return out


def marking_loads(text: str) -> Any:
    """Decode a whole response body, noting duplicate keys instead of failing, so a provider can ask
    afterwards whether the part that is the answer (a tool call's input) had any."""
    return json.loads(text, object_pairs_hook=_mark_pairs)


def first_duplicate(value: Any) -> str | None:
    """The first repeated key anywhere inside a value from ``marking_loads``, or None."""
    if isinstance(value, dict):
        if isinstance(value, _Marked) and value.duplicate is not None:
            return value.duplicate
        return next((d for v in value.values() if (d := first_duplicate(v)) is not None), None)
    if isinstance(value, list):
        return next((d for v in value if (d := first_duplicate(v)) is not None), None)
    return None


def extract_json(text: str) -> tuple[Any | None, str | None]:
    """The JSON value that is the whole of ``text`` (surrounding whitespace and one enclosing code fence
    aside). Returns (value, None) or (None, reason)."""
    if not text or not text.strip():
        return None, "the answer was empty"
    body = text.strip()
    fenced = _ONE_FENCE.match(body)
    if fenced is not None and "```" not in fenced.group(1):
        body = fenced.group(1).strip()
    try:
        return loads_strict(body), None
    except DuplicateKey as exc:
        return None, str(exc)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data" or (exc.pos == 0 and "{" in body):
            return None, ("the answer is not one JSON value on its own (text around it, or more than one "
                          "value); reply with the JSON alone")
        return None, f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
    except ValueError as exc:
        return None, f"not valid JSON ({exc})"


def validation_error(data: Any, schema: dict[str, Any] | None) -> str | None:
    """A one-paragraph description of the first schema violation, or None when ``data`` conforms."""
    if not isinstance(data, dict):
        return f"expected a JSON object, got {type(data).__name__}"
    if schema is None:
        return None
    validator_cls = jsonschema.validators.validator_for(schema)
    validator = validator_cls(schema)
    best = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if best is None:
        return None
    where = "/".join(str(p) for p in best.absolute_path) or "(top level)"
    return f"schema violation at {where}: {best.message}"


def parse_answer(text: str, schema: dict[str, Any] | None) -> Parsed:
    value, err = extract_json(text)
    if err is not None:
        return Parsed(None, err)
    return check_data(value, schema)


def check_data(value: Any, schema: dict[str, Any] | None) -> Parsed:
    err = validation_error(value, schema)
    if err is not None:
        return Parsed(None, err)
    return Parsed(value, None)


def schema_instructions(schema: dict[str, Any]) -> str:
    """Appended to the system prompt when the server cannot enforce the schema itself (JSON mode / none)."""
    return ("Answer with exactly one JSON object and nothing else. It must conform to this JSON schema:\n"
            "```json\n" + json.dumps(schema, ensure_ascii=False, indent=1) + "\n```")


def repair_message(error: str) -> str:
    """The follow-up turn asking the model to fix its previous answer."""
    return ("Your previous answer could not be used: " + error + ". Reply again with only the corrected "
            "JSON object, conforming exactly to the schema. Do not add any text around it.")


def strict_compatible(schema: dict[str, Any]) -> bool:
    """OpenAI's strict mode needs every object to list all its properties as required and forbid extras;
    schemas that do not, are sent non-strict (still schema-guided) rather than rejected by the API."""
    def ok(node: Any) -> bool:
        if isinstance(node, dict):
            if node.get("type") == "object" or "properties" in node:
                props = node.get("properties", {})
                if node.get("additionalProperties", True) is not False:
                    return False
                if set(node.get("required", [])) != set(props):
                    return False
            return all(ok(v) for v in node.values())
        if isinstance(node, list):
            return all(ok(v) for v in node)
        return True
    return ok(schema)
