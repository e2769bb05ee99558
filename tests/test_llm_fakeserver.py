"""The provider test server itself: valid deterministic answers and enough concurrency for benchmarks."""

from __future__ import annotations

import asyncio
import time

import jsonschema
from fakeserver import FakeServer, schema_answer
from llm_helpers import SCHEMA, provider, request, run

SCHEMAS = [
    SCHEMA,
    {"type": "object", "properties": {
        "ranking": {"type": "array", "minItems": 3, "maxItems": 3,
                    "items": {"type": "integer", "minimum": 1, "maximum": 3}},
        "ratio": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
        "note": {"type": ["string", "null"], "minLength": 80, "maxLength": 90},
        "flag": {"type": "boolean"}, "kind": {"const": "mqm"},
        "choice": {"anyOf": [{"type": "integer", "minimum": 7, "maximum": 7}, {"type": "string"}]},
        "ref": {"$ref": "#/$defs/span"}},
     "required": ["ranking", "ratio", "note", "flag", "kind", "choice", "ref"],
     "$defs": {"span": {"type": "object", "properties": {"sev": {"enum": ["minor", "major"]}},
                        "required": ["sev"]}}},
]


def test_schema_answers_are_valid_and_deterministic():
    for schema in SCHEMAS:
        for seed in ("a", "b", "c", 7):
            jsonschema.validate(schema_answer(schema, seed), schema)
        assert schema_answer(schema, "same prompt") == schema_answer(schema, "same prompt")
    assert len({str(schema_answer(SCHEMA, str(i))) for i in range(20)}) > 1


def test_serves_64_concurrent_slow_requests():
    with FakeServer(latency=1.0) as server:
        async def go():
            prov = provider(server, "openai")
            try:
                return await asyncio.gather(*(prov.complete(request(user=f"p{i}")) for i in range(64)))
            finally:
                await prov.aclose()

        started = time.monotonic()
        results = run(go())
        elapsed = time.monotonic() - started
        assert server.count == 64
    assert all(r.ok for r in results)
    assert elapsed < 4.0  # in parallel: 64 x 1 s would take a minute in series


def test_same_prompt_same_answer(fake_server):
    a = run(provider_complete(fake_server))
    b = run(provider_complete(fake_server))
    assert a.data == b.data


async def provider_complete(server):
    prov = provider(server, "anthropic")
    try:
        return await prov.complete(request())
    finally:
        await prov.aclose()
