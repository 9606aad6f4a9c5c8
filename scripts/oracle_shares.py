"""How readcov prints a share (docs/metrics.md, "How shares are printed"), written again from the
docs for the oracles that recompute printed text: the whole percent (or two decimals) rounded to
nearest, unless that lands on the other side of the threshold it is shown against or prints all /
none for a share that is neither; then one more decimal truncated toward the value's own side,
past that `<0.1%` / `>99.9%` (`<0.001` / `>0.999`). Exact arithmetic on the values' shortest
decimals (`repr`), so a printed `49.9%` is compared as 499/1000."""

from fractions import Fraction
import math


def _dec(x):
    return Fraction(repr(float(x)))


def _pick(x, t, rounded):
    """('h', k) hundredths, ('t', k) thousandths, 'under', 'over', or None (not a share)."""
    if not 0 <= x <= 1 or math.isnan(x):
        return None
    v, th = _dec(x), (None if t is None else _dec(t))

    def keeps(shown):
        if shown >= 1 and v < 1:
            return False
        if shown <= 0 and v > 0:
            return False
        return th is None or (shown < th) == (v < th)

    if keeps(Fraction(rounded, 100)):
        return ("h", rounded)
    down = math.floor(v * 1000)
    if keeps(Fraction(down, 1000)):
        return ("t", down)
    up = math.ceil(v * 1000)
    if th is not None and v >= th and keeps(Fraction(up, 1000)):
        return ("t", up)
    return "under" if v < Fraction(1, 2) else "over"


def share(x, t=None):
    """A share as a percent; `t` the threshold it is shown against (None: none)."""
    if x is None:
        return "-"
    p = _pick(x, t, int(f"{x * 100:.0f}"))
    if p is None:
        return f"{x * 100:.0f}%"
    if p == "under":
        return "<0.1%"
    if p == "over":
        return ">99.9%"
    kind, k = p
    return f"{k}%" if kind == "h" else f"{k // 10}.{k % 10}%"


def ratio(x, t=None):
    """A share with two decimals; `t` as for `share`."""
    if x is None:
        return "-"
    p = _pick(x, t, int(f"{x:.2f}".replace(".", "")))
    if p is None:
        return f"{x:.2f}"
    if p == "under":
        return "<0.001"
    if p == "over":
        return ">0.999"
    kind, k = p
    return f"{k // 100}.{k % 100:02d}" if kind == "h" else f"{k // 1000}.{k % 1000:03d}"


if __name__ == "__main__":
    # The cases of server/core/src/words/tests.rs that the docs spell out.
    for got, want in [(share(0.4996, 0.5), "49.9%"), (share(0.9996), "99.9%"), (share(0.0004), "<0.1%"),
                      (share(0.125, 0.125), "12.5%"), (share(0.5004, 0.5), "50%"), (share(0.12431, 0.1242), "12.5%"),
                      (share(0.99999, 0.9999), ">99.9%"), (ratio(0.4996, 0.5), "0.499"), (ratio(0.0004), "<0.001"),
                      (ratio(1.0), "1.00"), (ratio(0.0), "0.00"), (share(29 / 31, 0.94), "93.5%"), (ratio(4 / 45, 0.09), "0.088")]:
        assert got == want, (got, want)
    print("oracle_shares: ok")
