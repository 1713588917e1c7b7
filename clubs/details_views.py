"""The club's details page: its organisers keep the club's name and city,
its season competition's options, its holidays and its organisers here, on the app's own
pages (the admin is the site administrators' alone, clubs/admin.py). Every
club is fetched through clubs/access.py; clubs/club_details.py saves."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from clubs import access, club_details
from clubs.details_forms import (
    ClubForm,
    HolidayForm,
    OrganiserForm,
    RemoveOrganiserForm,
    SeasonOptionsForm,
)
from clubs.forms import add_service_error
from clubs.models import Club

BAD_REQUEST = 400


def details_page(request: HttpRequest, club: Club, *, status: int = 200,
                 **forms: Any) -> HttpResponse:
    """The page; `forms` replaces a form to show its errors."""
    return render(request, "clubs/club_details.html", {
        "club": club,
        "club_form": forms.get("club_form") or ClubForm(instance=club),
        "season_form": forms.get("season_form")
        or SeasonOptionsForm(initial=club_details.season_form_values(club)),
        "holiday_form": forms.get("holiday_form") or HolidayForm(),
        "holidays": club.holidays.all(),
        "organiser_form": forms.get("organiser_form") or OrganiserForm(club=club),
        "organisers": club.organisers.order_by("username"),
        "error": forms.get("error", ""),
    }, status=status)


@login_required
@require_GET
def club_details_page(request: HttpRequest, slug: str) -> HttpResponse:
    return details_page(request, access.get_club_for_organiser(request.user, slug))


@login_required
@require_POST
def save_club(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.get_club_for_organiser(request.user, slug)
    form = ClubForm(request.POST, instance=club)
    if form.is_valid():
        try:
            club_details.update_club(club, **form.service_fields())
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The club's details are saved."))
            return redirect("clubs:details", club.slug)
    return details_page(request, club, club_form=form, status=BAD_REQUEST)


@login_required
@require_POST
def save_season_options(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.get_club_for_organiser(request.user, slug)
    form = SeasonOptionsForm(request.POST)
    if form.is_valid():
        try:
            club_details.save_season_options(club, **form.cleaned_data)
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The season's rules are saved; the season pages rank "
                                        "by them."))
            return redirect("clubs:details", club.slug)
    return details_page(request, club, season_form=form, status=BAD_REQUEST)


@login_required
@require_POST
def add_holiday(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.get_club_for_organiser(request.user, slug)
    form = HolidayForm(request.POST)
    if form.is_valid():
        try:
            holiday = club_details.add_holiday(club, **form.service_fields())
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The holiday %(name)s is added.") % {
                "name": holiday.name})
            return redirect("clubs:details", club.slug)
    return details_page(request, club, holiday_form=form, status=BAD_REQUEST)


@login_required
@require_POST
def remove_holiday(request: HttpRequest, slug: str, holiday_id: int) -> HttpResponse:
    """Removing twice (a double tap, a second organiser) is no error: the
    holiday is gone either way. Only the club's own holidays are found."""
    club = access.get_club_for_organiser(request.user, slug)
    removed = club_details.remove_holiday(club, holiday_id)
    if removed is not None:
        messages.success(request, _("The holiday %(name)s is removed.") % {"name": removed})
    return redirect("clubs:details", club.slug)


@login_required
@require_POST
def add_organiser(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.get_club_for_organiser(request.user, slug)
    form = OrganiserForm(request.POST, club=club)
    if form.is_valid():
        user = form.cleaned_data["user"]
        try:
            club_details.add_organiser(club, user)
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("%(name)s now organises %(club)s too.") % {
                "name": user.get_username(), "club": club.name})
            return redirect("clubs:details", club.slug)
    return details_page(request, club, organiser_form=form, status=BAD_REQUEST)


@login_required
@require_POST
def remove_organiser(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.get_club_for_organiser(request.user, slug)
    form = RemoveOrganiserForm(request.POST, club=club)
    if not form.is_valid():
        return details_page(request, club, status=BAD_REQUEST,
                            error=" ".join(str(e) for errors in form.errors.values()
                                           for e in errors))
    user = form.cleaned_data["organiser"]
    try:
        club_details.remove_organiser(club, user)
    except ValidationError as error:
        return details_page(request, club, status=BAD_REQUEST, error=" ".join(error.messages))
    messages.success(request, _("%(name)s no longer organises %(club)s.") % {
        "name": user.get_username(), "club": club.name})
    if user.pk == request.user.pk and not access.clubs_for(request.user).filter(
            pk=club.pk).exists():
        return redirect("clubs:list")  # their own last look at the club's pages
    return redirect("clubs:details", club.slug)
