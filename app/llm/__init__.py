"""LLM access: providers (OpenAI, Anthropic, OpenAI-compatible), keys, limits, retries, prices, client.

Start from ``app.llm.factory.make_client(ProviderSettings(...))``; ``app.llm.base`` holds the contracts.
"""
