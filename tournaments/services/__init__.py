"""Business operations on events, in transactions.

One module per job: events (create, edit, finish), registration (places,
waiting list, check-in, dropouts, substitutes), rounds (seating, hands,
closing) and standings. Refused operations raise ValidationError with a
translated message naming the player or field, and change nothing.
"""

from tournaments.services.events import create_event, finish_event, update_event

__all__ = ["create_event", "finish_event", "update_event"]
