"""A member's login: which user account is the member's own, so they can
register for events and check themselves in from their phone. Linked by the
club's organisers on the member's page (issue 15: organisers never need the
admin, which was the only place to link one)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Member


def link_login(member: Member, username: str) -> Member:
    """Make the account called `username` the member's login; an empty name
    unlinks it (the account itself stays). An account is one member's only."""
    username = username.strip()
    with transaction.atomic():
        stored = Member.objects.select_for_update().get(pk=member.pk)
        if not username:
            stored.user = None
        else:
            user = get_user_model().objects.filter(is_active=True, username=username).first()
            if user is None:
                raise ValidationError({"user": _(
                    "Login: nobody has the user name %(value)s. Give the name they log in "
                    "with (not an e-mail address).") % {"value": username}})
            holder = Member.objects.select_related("club").filter(user=user).exclude(
                pk=stored.pk).first()
            if holder is not None:
                # Name the other member only within the club.
                raise ValidationError({"user": _(
                    "Login: %(value)s is already the login of %(name)s.") % {
                    "value": username, "name": holder.full_name}
                    if holder.club_id == stored.club_id else _(
                    "Login: %(value)s is already the login of a member of another club.") % {
                    "value": username}})
            stored.user = user
        stored.save(update_fields=["user"])
    member.refresh_from_db()
    return member
