"""Background warm-up after the window is shown: import the provider SDKs and parsers a run will need,
then freeze the garbage collector's view of everything loaded so far.

Why: importing the openai/anthropic SDKs creates hundreds of thousands of long-lived objects, and every
full (generation 2) collection then walks them all while holding the GIL — pauses of 150–350 ms that
freeze the GUI thread in the middle of a run. ``gc.freeze()`` moves what exists to a permanent
generation that collections skip, so later collections only see the run's own objects.

Automatic collection is paused while the imports run: they allocate so much that the collector would
otherwise start several full collections of the half-built heap on the way (100–220 ms each, measured
by bench/first_run_latency.py), and for the same reason there is no ``gc.collect()`` before the freeze;
the little garbage the imports leave is frozen with the rest.
"""

from __future__ import annotations

import gc
import importlib
import logging

log = logging.getLogger(__name__)
# Start after the window has shown AND had time to open what it was started with (a project named on the
# command line, the sample): the imports hold the GIL in bursts, and on top of the first layout and paint
# of a project they made the open's GUI gaps 150-300 ms (bench/first_run_latency.py). A run started
# before then imports what it needs itself.
DELAY_MS = 1500
HEAVY = ("litlens.app.llm.factory", "litlens.app.llm.client", "litlens.app.texts", "litlens.app.mqm.spans")


def warm_up() -> bool:
    """Import what runs need and freeze the heap; True when every import succeeded."""
    ok = True
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for name in HEAVY:
            try:
                importlib.import_module(name)
            except Exception:  # a missing optional SDK is reported when a run needs it, not here
                log.warning("warm-up could not import %s", name, exc_info=True)
                ok = False
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
    return ok
