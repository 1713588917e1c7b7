"""Who may enter, change and confirm a table's hands: a scorekeeper of the
table (or its organiser) while the round is played; once the round is
closed, the organiser only. The score-entry API refuses with
PermissionDenied; pages ask may_change to show exactly the buttons the API
will honour.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from tournaments import access
from tournaments.models import RoundStatus, Table


def require_scorekeeper(user: Any, table: Table) -> None:
    if user is None or not access.can_keep_score(user, table):
        raise PermissionDenied(_("You do not keep the score at this table."))


def require_may_change(user: Any, table: Table) -> None:
    """A scorekeeper of the table until the round closes; then the organiser."""
    if table.round.status == RoundStatus.CLOSED:
        if user is None or not access.organises(user, table.round.event):
            raise PermissionDenied(_("Round %(round)s is closed: only the organiser can change "
                                     "its hands.") % {"round": table.round.number})
    else:
        require_scorekeeper(user, table)


def may_change(user: Any, table: Table) -> bool:
    """Whether `user` may correct or delete the table's hands and its seats
    now (the rule of require_may_change, for pages that show the buttons)."""
    try:
        require_may_change(user, table)
    except PermissionDenied:
        return False
    return True
