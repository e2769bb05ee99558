"""Loading what lives as long as the process without the garbage collector walking it ever after.

A provider SDK or the parsers are hundreds of thousands of objects that are never freed. Every full
(generation 2) collection walks all of them while holding the GIL: 50-350 ms each, landing in the
middle of a run, where a window's GUI thread waits for it. ``gc.freeze`` moves what exists to a
permanent generation that collections skip.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def kept_for_good() -> Iterator[None]:
    """Automatic collection paused while the body runs (a big import allocates enough to start several
    full collections of its half-built objects on the way), then everything that exists frozen. No
    collection before the freeze: the little garbage an import leaves is frozen with the rest."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
