"""The club's member list as a sortable table (django-tables2)."""

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from clubs.models import Member
from common.countries import country_name

MORE = {"th": {"class": "col-more"}, "td": {"class": "col-more"}}


class MemberTable(tables.Table):  # type: ignore[misc]
    name = tables.Column(
        # Dutch list order: "de Boer" under B, "van der Meer" under M.
        verbose_name=_("Name"), accessor="full_name", order_by=("sort_name", "pk")
    )
    # On a phone: name, membership and the edit link (the rest is on the
    # member's page); static/css/app.css hides .col-more there.
    nmb_number = tables.Column(verbose_name=_("NMB number"), default="–", attrs=MORE)
    ema_number = tables.Column(verbose_name=_("EMA number"), default="–", attrs=MORE)
    nationality = tables.Column(verbose_name=_("Nationality"), attrs=MORE)
    date_of_birth = tables.DateColumn(verbose_name=_("Date of birth"), default="–", attrs=MORE)
    last_played_on = tables.DateColumn(verbose_name=_("Last played"), default="–", attrs=MORE)
    membership = tables.Column(verbose_name=_("Membership"), empty_values=(), orderable=False)
    edit = tables.Column(verbose_name=_("Edit"), empty_values=(), orderable=False)

    class Meta:
        model = Member
        fields = ("name", "nmb_number", "ema_number", "nationality", "date_of_birth",
                  "last_played_on")
        sequence = ("name", "nmb_number", "ema_number", "nationality", "date_of_birth",
                    "last_played_on", "membership", "edit")
        template_name = "clubs/_table.html"
        attrs = {"class": "table"}
        empty_text = _("No members found.")
        order_by = ("name",)

    def __init__(self, *args: Any, club_slug: str, caption: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club_slug = club_slug
        self.caption = caption
        self.today = timezone.localdate()

    def render_membership(self, record: Member) -> str:
        if record.is_active_on(self.today):
            if record.long_illness:
                return format_html('{} <span class="badge">{}</span>', _("active"),
                                   _("long illness"))
            return str(_("active"))
        return format_html('<span class="badge badge-muted">{}</span>', _("lapsed"))

    def render_nationality(self, record: Member) -> str:
        # The code's name in the user's language (the column's value would be
        # the choice's English label).
        return country_name(record.nationality)

    def render_edit(self, record: Member) -> str:
        url = reverse("clubs:member_edit", args=[self.club_slug, record.pk])
        return format_html('<a href="{}">{}<span class="visually-hidden"> {}</span></a>',
                           url, _("Edit"), record.full_name)
