"""``litlens key set|status``: store an API key in the system keyring, or say which keys are found."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(subparsers: Any) -> None:
    key = subparsers.add_parser("key", help="store or check API keys (system keyring)")
    key.add_argument("action", choices=["set", "status"],
                     help="set: store a key (asked for, not echoed); status: the key store and whether "
                          "each provider has a key")
    key.add_argument("provider", nargs="?", choices=["openai", "anthropic", "compat"],
                     help="which provider (for set)")
    key.set_defaults(handler=run_key)


def run_key(args: argparse.Namespace) -> int:
    from litlens.app.cli.main import EXIT_OK, EXIT_PROVIDER, EXIT_USAGE, CliError
    from litlens.app.llm import keys
    secure, desc = keys.keyring_status()
    if args.action == "status":
        print(f"key store: {desc}" + ("" if secure else " (not secure: keys are kept for one session only)"))
        for prov in ("openai", "anthropic"):
            try:
                keys.get_api_key(prov)
                print(f"{prov}: key found")
            except Exception:
                print(f"{prov}: no key")
        return EXIT_OK
    if not args.provider:
        raise CliError("key set needs a provider: openai, anthropic or compat", EXIT_USAGE)
    import getpass
    secret = getpass.getpass(f"API key for {args.provider}: ") if sys.stdin.isatty() else sys.stdin.readline()
    secret = secret.strip()
    if not secret:
        raise CliError("no key given", EXIT_USAGE)
    if not secure:
        raise CliError(f"no secure key store on this system ({desc}); the key was not saved. Set it in the "
                       "environment instead (e.g. OPENAI_API_KEY)", EXIT_PROVIDER)
    keys.set_api_key(args.provider, secret)
    print(f"key for {args.provider} stored in {desc}")
    return EXIT_OK
