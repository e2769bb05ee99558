"""Turning a model's answer into validated JSON: extraction from prose or fences, schema checks, repairs."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import jsonschema

# Models wrap JSON in ```json fences or chat around it; the fence is the strongest signal, so it goes first.
_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.DOTALL)


@dataclass
class Parsed:
    """Outcome of reading one answer: ``data`` when it is a valid object, else ``error`` says why."""

    data: dict[str, Any] | None
    error: str | None


def _candidates(text: str) -> list[str]:
    stripped = text.strip()
    out = [stripped] if stripped else []
    out += [m.group(1).strip() for m in _FENCE.finditer(text)]
    return out


def _scan_objects(text: str) -> list[Any]:
    """Every JSON object starting at some '{' in the text, in order (raw_decode stops at its end)."""
    decoder = json.JSONDecoder()
    found: list[Any] = []
    pos = text.find("{")
    while pos != -1:
        try:
            obj, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError:
            pos = text.find("{", pos + 1)
            continue
        found.append(obj)
        pos = text.find("{", end)
    return found


def extract_json(text: str) -> tuple[Any | None, str | None]:
    """The JSON value in ``text``: the whole answer, a fenced block, or the first object embedded in prose.
    Returns (value, None) or (None, reason)."""
    if not text or not text.strip():
        return None, "the answer was empty"
    first_error: str | None = None
    for cand in _candidates(text):
        try:
            return json.loads(cand), None
        except json.JSONDecodeError as exc:
            first_error = first_error or f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
    objects = _scan_objects(text)
    if objects:
        # The largest embedded object is the answer; small ones are usually examples quoted in prose.
        return max(objects, key=lambda o: len(json.dumps(o))), None
    return None, first_error or "no JSON object found in the answer"


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
