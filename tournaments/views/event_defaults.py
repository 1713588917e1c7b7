"""The club's event defaults page: its organisers keep what the club's new
events start with (rule set and options, seating, table points, ranking,
rounds, the title's pattern). Fetched through clubs/access.py like every
organiser page; saved by tournaments/services/event_defaults.py."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from clubs.forms import add_service_error
from tournaments import access
from tournaments.forms import ClubEventDefaultsForm
from tournaments.services import event_defaults


@login_required
def edit_event_defaults(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.get_club_for_organiser(request.user, slug)
    form = ClubEventDefaultsForm(request.POST or None,
                                 instance=event_defaults.defaults_for(club))
    if request.method == "POST" and form.is_valid():
        try:
            event_defaults.save_event_defaults(club, **form.service_fields())
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _(
                "The event defaults are saved: new events of %(club)s start from them; "
                "existing events keep their own settings.") % {"club": club.name})
            return redirect("tournaments:event_defaults", club.slug)
    return render(request, "tournaments/event_defaults.html", {"club": club, "form": form})
