#!/usr/bin/env python3
"""perf/fit_exp.py: the polynomial coefficients in exp_impl.hpp, and their error.

The kernel's exponential writes exp(r), |r| <= ln(2)/2, as 1 + r + r^2 P(r).
The 1 and the r are exact; P approximates g(r) = (e^r - 1 - r) / r^2. Here P is
the polynomial that equals g at the Chebyshev points of the interval (the
cosines of equally spaced angles, scaled to it): at the same degree it is far
closer to g over the whole interval than the Taylor polynomial, which is
exact at 0 and worst at the ends. The arithmetic is exact (fractions, with g
from an 80-digit series); only the final coefficients are rounded, to double
or float, and the printed error is that of the rounded coefficients,
evaluated exactly on 2001 points of the interval.

    python3 perf/fit_exp.py 9          # double: P of degree 9
    python3 perf/fit_exp.py 4 float    # float: P of degree 4
"""
import math
import struct
import sys
from decimal import Decimal as D, getcontext
from fractions import Fraction as F

getcontext().prec = 80
TINY = D(10) ** -75
PI = D("3.14159265358979323846264338327950288419716939937510582097494459230781640628620899")
LN2 = D("0.693147180559945309417232121458176568075500134360255254120680009493393621969694715")


def series(term, first):
    """Sums first, term(first, 1), ... until the terms are negligible."""
    total, t, k = first, first, 1
    while abs(t) > TINY:
        t = term(t, k)
        total += t
        k += 1
    return total


def exp(x):
    return series(lambda t, k: t * x / k, D(1))


def cos(x):
    return series(lambda t, k: -t * x * x / ((2 * k - 1) * (2 * k)), D(1))


def g(r):
    """(e^r - 1 - r) / r^2 = sum over k >= 2 of r^(k-2) / k!, without cancellation."""
    return series(lambda t, k: t * r / (k + 2), D(1) / 2)


def solve(A, b):
    """A c = b by Gaussian elimination on fractions (exact)."""
    n = len(b)
    for i in range(n):
        p = max(range(i, n), key=lambda row: abs(A[row][i]))
        A[i], A[p], b[i], b[p] = A[p], A[i], b[p], b[i]
        for row in range(i + 1, n):
            f = A[row][i] / A[i][i]
            A[row] = [A[row][j] - f * A[i][j] for j in range(n)]
            b[row] -= f * b[i]
    c = [F(0)] * n
    for i in reversed(range(n)):
        c[i] = (b[i] - sum(A[i][j] * c[j] for j in range(i + 1, n))) / A[i][i]
    return c


def main():
    degree = int(sys.argv[1])
    single = len(sys.argv) > 2 and sys.argv[2] == "float"
    half_width = LN2 / 2 * D("1.0001")  # a little wider than |r| <= ln(2)/2, for rounding in r
    points = [half_width * cos((2 * k + 1) * PI / (2 * (degree + 1))) for k in range(degree + 1)]
    c = solve([[F(x) ** j for j in range(degree + 1)] for x in points], [F(g(x)) for x in points])
    rounded = [float(v) for v in c]
    if single:
        rounded = [struct.unpack("f", struct.pack("f", v))[0] for v in rounded]
    worst = F(0)
    for k in range(2001):
        r = -half_width + 2 * half_width * k / 2000
        approx = 1 + F(r) + F(r) ** 2 * sum(F(v) * F(r) ** j for j, v in enumerate(rounded))
        truth = F(exp(r))
        worst = max(worst, abs(approx - truth) / truth)
    print(f"{'float' if single else 'double'}: P of degree {degree}, worst relative error {float(worst):.2g}")
    for j, v in enumerate(rounded):
        print(f"  r^{j + 2}: {v!r}   (Taylor: 1/{j + 2}! = {1 / math.factorial(j + 2)!r})")


if __name__ == "__main__":
    main()
