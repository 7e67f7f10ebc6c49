"""The discrepancy ``a(n) - n*alpha`` of a Beatty-type sequence, exactly, and its band.

Every sequence of the database with a closed form is
``a(n) = s*floor((q*n + r)*theta) + f*n + c`` for a quadratic irrational
``theta``, integers ``q > 0``, ``r``, ``s > 0``, ``f`` and ``c``: Wythoff's,
Fraenkel's and Larsson's pairs, Connell's classes (``r = i``), the square-root
pairs, Larsson's ``phi(n) = p*b(n) - n``.  Its slope is
``alpha = s*q*theta + f``, and since ``floor(x) - x`` lies in ``(-1, 0]``,

    a(n) - n*alpha = s*(floor(X) - X) + s*r*theta + c,   X = (q*n + r)*theta,

lies in the band ``(beta - s, beta]`` with ``beta = s*r*theta + c``, for every n.
A straight line a(n) against n hides this; the discrepancy shows it.  Every value
here is a :class:`~wythoff.core.quadratic.QuadraticNumber`: the two parts of
``a(n) - n*alpha`` grow like ``n`` and cancel, and no digit of the difference is lost.

>>> from wythoff.core.quadratic import QuadraticIrrational
>>> lower = BeattyForm(QuadraticIrrational(1, 5, 2))       # A(n) = floor(n*phi)
>>> str(lower.alpha), [str(v) for v in lower.band]
('(1 + sqrt(5))/2', ['-1', '0'])
>>> lower.discrepancy(3, 4).decimal(6)                    # A(3) = 4
'-0.854102'
>>> upper = lower.plus(1)                                 # B(n) = A(n) + n
>>> str(upper.alpha), upper.discrepancy(3, 7) == lower.discrepancy(3, 4)
('(3 + sqrt(5))/2', True)
>>> BeattyForm.from_parameters(upper.parameters()) == upper  # as the database stores it
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from wythoff.core.quadratic import QuadraticIrrational, QuadraticNumber


@dataclass(frozen=True)
class BeattyForm:
    """``a(n) = scale*floor((step*n + shift)*theta) + factor*n + constant``."""

    theta: QuadraticIrrational
    step: int = 1
    shift: int = 0
    scale: int = 1
    factor: int = 0
    constant: int = 0

    def __post_init__(self) -> None:
        if self.step <= 0 or self.scale <= 0:
            raise ValueError("step and scale must be positive")

    def parameters(self) -> dict[str, int]:
        """The form as named integers: ``theta = (c + sign*sqrt(d))/e``, then ``step``,
        ``shift``, ``scale``, ``factor`` and ``constant`` (what the database stores, as JSON)."""
        theta = self.theta
        return {
            "c": theta.c,
            "d": theta.d,
            "e": theta.e,
            "sign": theta.sign,
            "step": self.step,
            "shift": self.shift,
            "scale": self.scale,
            "factor": self.factor,
            "constant": self.constant,
        }

    @classmethod
    def from_parameters(cls, values: Mapping[str, int]) -> BeattyForm:
        """The form of :meth:`parameters`."""
        theta = QuadraticIrrational(values["c"], values["d"], values["e"], values["sign"])
        names = ("step", "shift", "scale", "factor", "constant")
        return cls(theta, *(int(values[name]) for name in names))

    def plus(self, factor: int, constant: int = 0, scale: int = 1) -> BeattyForm:
        """The form of ``scale*a(n) + factor*n + constant``."""
        return BeattyForm(
            self.theta,
            self.step,
            self.shift,
            self.scale * scale,
            self.factor * scale + factor,
            self.constant * scale + constant,
        )

    @property
    def alpha(self) -> QuadraticNumber:
        """The slope: ``a(n) / n`` tends to it."""
        return self.theta.as_number().times(self.scale * self.step).plus(self.factor)

    @property
    def beta(self) -> QuadraticNumber:
        """The band's closed end: ``scale*shift*theta + constant``."""
        return self.theta.as_number().times(self.scale * self.shift).plus(self.constant)

    @property
    def band(self) -> tuple[QuadraticNumber, QuadraticNumber]:
        """``(beta - scale, beta)``: every ``a(n) - n*alpha`` lies above the first
        (strictly, as ``theta`` is irrational) and at or below the second."""
        return self.beta.minus(self.scale), self.beta

    def discrepancy(self, n: int, value: int) -> QuadraticNumber:
        """``value - n*alpha``, for the term ``a(n) = value``."""
        return self.alpha.times(-n).plus(value)

    def term(self, n: int) -> int:
        """``a(n)`` from the form (exact), to check a form against stored terms."""
        inner = self.theta.floor_times(self.step * n + self.shift)
        return self.scale * inner + self.factor * n + self.constant
