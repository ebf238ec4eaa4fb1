"""What Kubernetes counts of a quantity, in one place for the cluster file's (config.schema.base) and the simulation's
inputs (simulation.pod_resources): the exact factor of each suffix and the bounds past which Go's arithmetic wraps or
hangs. Each caller words its own refusal.

The API server takes any quantity its grammar parses (inf.Dec holds the rest, `1e2147483647` included, whose arithmetic
hangs); what Kubernetes then counts is an int64: every resource's units (Quantity.Value(): bytes, pods, GPUs) and cpu's
millicores (Quantity.MilliValue(): kube-scheduler's MilliCPU, Karpenter's cpu arithmetic). Past those, Go's Value() and
MilliValue() wrap silently. So at most 2^63-1 of the unit (8 EiB of memory), and at most (2^63-1)/1000 cores of cpu
(9.2e15). Nothing real comes near either (the largest EC2 instance has under 2,000 vCPUs and 32 TiB).

Imports nothing of the product's."""

from __future__ import annotations

from decimal import Decimal

SUFFIXES: dict[str, Decimal] = {
    "": Decimal(1),
    "n": Decimal("1e-9"),
    "u": Decimal("1e-6"),
    "m": Decimal("1e-3"),
    "k": Decimal(10**3),
    "M": Decimal(10**6),
    "G": Decimal(10**9),
    "T": Decimal(10**12),
    "P": Decimal(10**15),
    "E": Decimal(10**18),
    "Ki": Decimal(2**10),
    "Mi": Decimal(2**20),
    "Gi": Decimal(2**30),
    "Ti": Decimal(2**40),
    "Pi": Decimal(2**50),
    "Ei": Decimal(2**60),
}
MAX_QUANTITY = Decimal(2**63 - 1)
MAX_CPU = MAX_QUANTITY / 1000  # cores: its millicores an int64
MAX_EXPONENT = 30  # 1e30 is past MAX_QUANTITY already; an exponent of millions is what hangs Go's inf.Dec


class ExponentPastBound(ValueError):
    """An exponent past MAX_EXPONENT: `exponent`, or None when it has more digits than are read (`digits` of them)."""

    def __init__(self, exponent: int | None, digits: int) -> None:
        self.exponent, self.digits = exponent, digits
        super().__init__(f"an exponent of {exponent if exponent is not None else f'{digits} digits'}")


class AmountPastBound(ValueError):
    """An amount past MAX_QUANTITY of its unit."""


def amount(number: str, suffix: str) -> Decimal:
    """A quantity the grammar took, split into its decimal and its suffix (a unit or an exponent such as e3), as its
    exact amount of the unit; ExponentPastBound or AmountPastBound past the bounds, decimal.InvalidOperation for a
    number Decimal cannot read."""
    if suffix not in SUFFIXES:  # an exponent (E alone is exa, Ei exbi)
        digits = suffix[1:].lstrip("+-").lstrip("0")  # no int() of thousands of digits (Python refuses them)
        exponent = int(("-" if suffix[1:2] == "-" else "") + (digits or "0")) if len(digits) <= 100 else None
        if exponent is None or abs(exponent) > MAX_EXPONENT:
            raise ExponentPastBound(exponent, len(digits))
        scale = Decimal(10) ** exponent
    else:
        scale = SUFFIXES[suffix]
    found = Decimal(number) * scale
    if abs(found) > MAX_QUANTITY:
        raise AmountPastBound(found)
    return found
