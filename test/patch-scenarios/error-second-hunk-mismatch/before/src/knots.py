"""Knot conversions."""

KNOT_IN_KMH = 1.852


def to_kmh(knots):
    return knots * KNOT_IN_KMH


def to_knots(kmh):
    return kmh / KNOT_IN_KMH


def describe(knots):
    if knots < 1:
        return "calm"
    if knots < 12:
        return "breeze"
    return "gale"
