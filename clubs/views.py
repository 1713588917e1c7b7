"""Club pages: the organiser's clubs and members. (The public season and
all-time rankings are built from the club evenings' results:
tournaments/views/season.py.)

Views translate HTTP to service calls. Every club is fetched through
clubs/access.py, so no view can forget the permission check; services raise
ValidationError for refused operations, which the page shows as a message.
"""


from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_tables2 import RequestConfig

from clubs import access, ema_players, member_import, services
from clubs.filters import MemberFilter
from clubs.forms import EmaPlayersForm, MemberForm, MemberImportForm, add_service_error
from clubs.limits import is_row_id
from clubs.models import Club
from clubs.tables import MemberTable

MEMBERS_PER_PAGE = 50


@login_required
@require_GET
def club_list(request: HttpRequest) -> HttpResponse:
    clubs = access.clubs_for(request.user)
    return render(request, "clubs/club_list.html", {"clubs": clubs})


@login_required
@require_GET
def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.get_club_for_organiser(request.user, slug)
    member_filter = MemberFilter(request.GET, queryset=club.members.all())
    table = MemberTable(
        member_filter.qs,
        club_slug=club.slug,
        caption=_("Members of %(club)s") % {"club": club.name},
    )
    RequestConfig(request, paginate={"per_page": MEMBERS_PER_PAGE}).configure(table)
    return render(
        request,
        "clubs/club_detail.html",
        {"club": club, "filter": member_filter, "table": table},
    )


@login_required
def member_add(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.get_club_for_organiser(request.user, slug)
    form = MemberForm(request.POST or None, instance=None)
    if request.method == "POST" and form.is_valid():
        try:
            member = services.create_member(club, **form.service_fields())
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("%(name)s is now a member.") % {"name": member.full_name})
            return redirect("clubs:detail", club.slug)
    return render(request, "clubs/member_form.html", {"club": club, "form": form, "member": None})


@login_required
def member_edit(request: HttpRequest, slug: str, member_id: int) -> HttpResponse:
    club = access.get_club_for_organiser(request.user, slug)
    member = get_object_or_404(club.members, pk=member_id)
    form = MemberForm(request.POST or None, instance=member)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_member(member, **form.service_fields())
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The details of %(name)s are saved.") % {
                "name": member.full_name})
            return redirect("clubs:detail", club.slug)
    return render(request, "clubs/member_form.html", {"club": club, "form": form, "member": member})


@login_required
def member_import_upload(request: HttpRequest, slug: str) -> HttpResponse:
    """Step 1: upload a member list; a readable one is shown as a preview
    (what will be created, updated, left unchanged, and every wrong row)."""
    club = access.get_club_for_organiser(request.user, slug)
    form = (MemberImportForm(request.POST, request.FILES) if request.method == "POST"
            else MemberImportForm())
    if form.is_bound and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            parsed = member_import.read_file(upload.read(), upload.name)
        except ValidationError as error:
            form.add_error("file", error)
        else:
            plan = member_import.make_plan(club, parsed)
            return _import_preview(request, club, parsed, plan, upload.name)
    return render(request, "clubs/member_import.html", {"club": club, "form": form})


def _import_preview(request: HttpRequest, club: Club, parsed: member_import.Parsed,
                    plan: member_import.Plan, filename: str, *, changed: bool = False,
                    status: int = 200) -> HttpResponse:
    labels = {member_import.FIRST_NAME: _("First name"), member_import.LAST_NAME: _("Last name"),
              member_import.NMB_NUMBER: _("NMB member number"),
              member_import.EMA_NUMBER: _("EMA number"),
              member_import.NATIONALITY: _("Nationality")}
    rows = [{"planned": row,
             "changes": [{"label": labels[change.field], "old": change.old, "new": change.new}
                         for change in row.changes]}
            for row in plan.rows]
    return render(request, "clubs/member_import_preview.html", {
        "club": club, "plan": plan, "rows": rows, "filename": filename, "changed": changed,
        "token": member_import.sign(club, parsed, plan, filename) if plan.ok else "",
        "form": MemberImportForm(),
    }, status=status)


@login_required
@require_POST
def member_import_confirm(request: HttpRequest, slug: str) -> HttpResponse:
    """Step 2: write the previewed rows, all or none."""
    club = access.get_club_for_organiser(request.user, slug)
    try:
        signed = member_import.unsign(club, request.POST.get("token", ""))
    except ValidationError as error:
        return render(request, "clubs/member_import.html", {
            "club": club, "form": MemberImportForm(), "error": " ".join(error.messages)},
            status=400)
    try:
        plan = member_import.apply(club, signed.parsed, expected=signed.digest)
    except member_import.ImportRefused as refused:
        return _import_preview(request, club, signed.parsed, refused.plan, signed.filename)
    except member_import.PlanChanged as changed:
        return _import_preview(request, club, signed.parsed, changed.plan, signed.filename,
                               changed=True)
    messages.success(request, _(
        "The member list is imported: %(created)s new, %(updated)s updated, %(unchanged)s "
        "unchanged.") % {"created": plan.created, "updated": plan.updated,
                         "unchanged": plan.unchanged})
    return redirect("clubs:detail", club.slug)


@login_required
def ema_players_upload(request: HttpRequest, slug: str) -> HttpResponse:
    """Step 1: upload the EMA's player list; a readable one is shown as a
    preview (clubs/ema_players.py)."""
    club = access.get_club_for_organiser(request.user, slug)
    form = (EmaPlayersForm(request.POST, request.FILES) if request.method == "POST"
            else EmaPlayersForm())
    if form.is_bound and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            players = ema_players.read_list(upload.read(), upload.name)
        except ValidationError as error:
            form.add_error("file", error)
        else:
            preview = ema_players.make_preview(club, players)
            return _ema_preview(request, club, players, preview, upload.name)
    return render(request, "clubs/ema_players.html", {"club": club, "form": form})


def _ema_preview(request: HttpRequest, club: Club, players: ema_players.PlayerList,
                 preview: ema_players.Preview, filename: str, *, changed: bool = False,
                 error: str = "", status: int = 200) -> HttpResponse:
    return render(request, "clubs/ema_players_preview.html", {
        "club": club, "preview": preview, "filename": filename, "changed": changed,
        "error": error, "token": ema_players.sign(club, players, preview, filename),
        "form": EmaPlayersForm(),
    }, status=status)


@login_required
@require_POST
def ema_players_confirm(request: HttpRequest, slug: str) -> HttpResponse:
    """Step 2: set the previewed EMA numbers and countries, all or none."""
    club = access.get_club_for_organiser(request.user, slug)
    try:
        signed = ema_players.unsign(club, request.POST.get("token", ""))
    except ValidationError as error:
        return render(request, "clubs/ema_players.html", {
            "club": club, "form": EmaPlayersForm(), "error": " ".join(error.messages)},
            status=400)
    overwrite = [int(value) for value in request.POST.getlist("overwrite")
                 if is_row_id(value)]
    try:
        applied = ema_players.apply(club, signed.players, expected=signed.digest,
                                    overwrite=overwrite)
    except ema_players.PreviewChanged as changed:
        return _ema_preview(request, club, signed.players, changed.preview, signed.filename,
                            changed=True)
    except ValidationError as error:
        preview = ema_players.make_preview(club, signed.players)
        return _ema_preview(request, club, signed.players, preview, signed.filename,
                            error=" ".join(error.messages), status=400)
    messages.success(request, _("EMA numbers and countries set for %(count)s members.") % {
        "count": len(applied)})
    return redirect("clubs:detail", club.slug)
