"""A few technique families in languages other than English (filled below)."""


def ML_TECHNIQUES():
    return []
