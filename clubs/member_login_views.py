"""Linking a member's login, on the member's page (clubs/member_logins.py)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import access, member_logins
from clubs.forms import MemberForm

BAD_REQUEST = 400
MAX_USERNAME = 150  # Django's user name field


@login_required
@require_POST
def member_login(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = access.get_club_for_organiser(request.user, slug)
    member = get_object_or_404(club.members, pk=member_id)
    username = request.POST.get("user", "")
    error = ""
    if len(username) > MAX_USERNAME or "\x00" in username:
        error = _("Login: a user name has at most %(count)s characters.") % {
            "count": MAX_USERNAME}
    else:
        try:
            member_logins.link_login(member, username)
        except ValidationError as refused:
            error = " ".join(refused.messages)
    if error:
        return render(request, "clubs/member_form.html", {
            "club": club, "form": MemberForm(instance=member), "member": member,
            "login_error": error, "login_value": username[:MAX_USERNAME]}, status=BAD_REQUEST)
    if member.user is None:
        messages.success(request, _("%(name)s has no login now.") % {"name": member.full_name})
    else:
        messages.success(request, _("%(name)s logs in as %(user)s.") % {
            "name": member.full_name, "user": member.user.get_username()})
    return redirect("clubs:member_edit", club.slug, member.pk)
