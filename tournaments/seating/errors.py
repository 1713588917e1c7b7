"""The one error the seating package raises."""


class SeatingError(ValueError):
    """A seating request that cannot be met; the message says why, for the organiser."""
