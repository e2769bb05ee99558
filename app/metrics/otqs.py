"""OTQS (MAS-LitEval, seed 003): the weighted sum of the terminology, narrative and style agents' scores.

The paper's weights are w_T = 0.3, w_N = 0.3, w_S = 0.4 (style weighted highest); users may change them,
but they must be three non-negative numbers that sum to 1 so OTQS stays on the agents' 0–1 scale.
"""

from __future__ import annotations

from collections.abc import Sequence

PAPER_WEIGHTS = (0.3, 0.3, 0.4)  # terminology, narrative, style


class WeightsError(ValueError):
    """The weights the user gave cannot be used (wrong count, negative, not summing to 1)."""


def parse_weights(value: object) -> tuple[float, float, float]:
    """Weights from ``"0.3,0.3,0.4"`` or a sequence of three numbers, validated."""
    if isinstance(value, str):
        parts: Sequence[object] = [p for p in value.replace(";", ",").split(",") if p.strip()]
    elif isinstance(value, (list, tuple)):
        parts = value
    else:
        raise WeightsError(f"weights must be three numbers like \"0.3,0.3,0.4\", not {value!r}")
    try:
        numbers = tuple(float(p) for p in parts)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise WeightsError(f"weights must be numbers, e.g. \"0.3,0.3,0.4\"; got {value!r}") from None
    if len(numbers) != 3:
        raise WeightsError(f"weights need exactly three numbers (terminology, narrative, style); "
                           f"got {len(numbers)}")
    if any(w < 0 for w in numbers):
        raise WeightsError("weights cannot be negative")
    if abs(sum(numbers) - 1.0) > 1e-6:
        raise WeightsError(f"weights must sum to 1 (they sum to {sum(numbers):g})")
    return numbers  # type: ignore[return-value]


def otqs(terminology: float, narrative: float, style: float,
         weights: Sequence[float] = PAPER_WEIGHTS) -> float:
    """OTQS = w_T·S_T + w_N·S_N + w_S·S_S."""
    w_t, w_n, w_s = weights
    return w_t * terminology + w_n * narrative + w_s * style
