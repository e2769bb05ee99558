"""Provider batch jobs (OpenAI Batch, Anthropic Message Batches): submit a run's calls, collect them later.

``jobs.submit`` / ``jobs.collect`` / ``jobs.poll`` are the entry points; ``records`` is the store side.
"""

from __future__ import annotations
