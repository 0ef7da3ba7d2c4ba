"""Knot conversions."""

KNOT_IN_KMH = 1.852


def to_kmh(knots):
    return round(knots * KNOT_IN_KMH, 2)


def to_knots(kmh):
    return kmh / KNOT_IN_KMH


def describe(knots):
    if knots < 1:
        return "calm"
    if knots < 12:
        return "breeze"
    if knots < 28:
        return "strong wind"
    return "gale"
