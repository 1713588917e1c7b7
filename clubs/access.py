"""Who may see which club and member: every organiser page of clubs fetches
its objects through these helpers, so no view can forget the permission
check. The rules for events, rounds and tables build on these in
tournaments/access.py.

An organiser sees only the clubs they organise (a superuser sees all). An
object of another club answers 404, exactly like one that does not exist, so
the response never tells an outsider that it exists.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from clubs.models import Club, Member

User = AbstractBaseUser | AnonymousUser


def can_use_admin(user: User) -> bool:
    """Whether `user` may use the admin: active superusers only. Organisers
    never need it: the app's pages do all they do (clubs/admin.py)."""
    return bool(getattr(user, "is_active", False) and getattr(user, "is_superuser", False))


def clubs_for(user: User) -> QuerySet[Club]:
    """The clubs `user` organises; every club for a superuser."""
    if not user.is_authenticated:
        return Club.objects.none()
    if getattr(user, "is_superuser", False):
        return Club.objects.all()
    return Club.objects.filter(organisers__pk=user.pk)


def get_club_for_organiser(user: User, slug: str) -> Club:
    return get_object_or_404(clubs_for(user), slug=slug)


def get_member_for_organiser(user: User, member_id: int) -> Member:
    return get_object_or_404(
        Member.objects.select_related("club").filter(club__in=clubs_for(user)), pk=member_id
    )


def member_for(user: User) -> Member | None:
    """The member record of a logged-in member, if they have one."""
    if not user.is_authenticated:
        return None
    return Member.objects.select_related("club").filter(user__pk=user.pk).first()
