"""The admin: the site administrators' tool (superusers), nobody else's.

Organisers never need it: everything they do has its page in the app, which
checks who may see and change what (clubs/access.py) and goes through the
services (validation, settlement, audit trail). Issue 13 (finding 5) found an
organiser given admin model permissions listing every club's members with
their birth dates, and a hand saved here with a settlement that did not sum
to zero and no audit-trail row. So:

* the site lets in only active superusers (`can_use_admin`), whatever model
  permissions anyone else holds;
* should it ever be opened to others, every model admin shows them only the
  rows of the clubs they organise, and offers only those in its choices
  (`ClubScopedAdmin`); a model of no club (users, groups, login attempts)
  shows them nothing. A test checks that every registered admin is one;
* what the services write (events, registrations, rounds, tables, seats,
  hands and their scores, table results, the audit trail, scorekeepers) is
  read-only here (`ReadOnlyAdmin`): shown for inspection, changed only
  through the app's pages.

Clubs, their holidays and organisers, and members (with the login a member
uses, which only the admin links) stay editable for superusers.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin.options import BaseModelAdmin
from django.contrib.admin.widgets import AutocompleteSelect
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db.models import Field, Model, QuerySet
from django.forms import ModelChoiceField, ModelMultipleChoiceField
from django.http import HttpRequest

from clubs import access, limits
from clubs.models import Club, HolidayPeriod, Member

# Whether a user may use the admin: active superusers only (one definition,
# also for the pages' "Admin" link: clubs/templatetags/admin_access.py).
can_use_admin = access.can_use_admin


def _superusers_only(request: HttpRequest) -> bool:
    return can_use_admin(request.user)


# The project's URLconf serves the default site (admin.site); its door is
# narrowed here, with the admin's first configuration. Anyone else is sent
# to the admin's login page, which tells a logged-in user they may not enter.
admin.site.has_permission = _superusers_only  # type: ignore[method-assign]


def scoped(queryset: QuerySet[Any], club_path: str | None, user: Any) -> QuerySet[Any]:
    """`queryset` as `user` may see it in the admin: everything for a
    superuser; for anyone else the rows of the clubs they organise (reached
    from the model by `club_path`, "" for Club itself), or nothing for a
    model of no club (`club_path` None)."""
    if can_use_admin(user):
        return queryset
    if club_path is None or not getattr(user, "is_authenticated", False):
        return queryset.none()
    lookup = f"{club_path}__in" if club_path else "pk__in"
    return queryset.filter(**{lookup: access.clubs_for(user)})


class RowChoiceField(ModelChoiceField):  # type: ignore[type-arg]
    """A choice of a row by its id that refuses what no id can be before
    the database is asked (issue 13: ?user=9223372036854775808 on the add
    page answered 500)."""

    def to_python(self, value: Any) -> Any:
        if value not in self.empty_values and self.to_field_name is None \
                and not limits.is_row_id(value):
            raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(value)


class RowAutocompleteSelect(AutocompleteSelect):
    """The admin's search-as-you-type choice, which shows a form sent back
    with an error by looking up what was sent: only what can be a row id."""

    def optgroups(self, name: str, value: Any, attr: Any = None) -> Any:
        return super().optgroups(name, [item for item in value if limits.is_row_id(item)], attr)


def _is_relation(model: type[Model], name: str) -> bool:
    try:
        return bool(model._meta.get_field(name).is_relation)
    except FieldDoesNotExist:
        return False


class ClubScopedAdmin(BaseModelAdmin):
    """A model admin (or inline) that shows anyone but a superuser only the
    rows of the clubs they organise, and offers only those as choices.

    club_path: the lookup from the model to its club ("club",
    "event__club", ...; "" for Club itself); None for a model of no club,
    which such a user can neither see nor change."""

    club_path: str | None = "club"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return scoped(super().get_queryset(request), self.club_path, request.user)

    def _related(self, db_field: Field[Any, Any], request: HttpRequest) -> QuerySet[Any]:
        assert db_field.remote_field is not None
        model = db_field.remote_field.model
        related_admin = self.admin_site._registry.get(model)
        if isinstance(related_admin, ClubScopedAdmin):
            return related_admin.get_queryset(request)
        return model._default_manager.none()  # type: ignore[no-any-return]

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest,
                                 **kwargs: Any) -> ModelChoiceField[Any] | None:
        if not can_use_admin(request.user):
            kwargs["queryset"] = self._related(db_field, request)
        kwargs.setdefault("form_class", RowChoiceField)
        if "widget" not in kwargs and db_field.name in self.get_autocomplete_fields(request):
            kwargs["widget"] = RowAutocompleteSelect(db_field, self.admin_site,
                                                     using=kwargs.get("using"))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        """The add page's values from its query (?club=3), without those no
        row has: the choice widgets look them up to show them."""
        initial = super().get_changeform_initial_data(request)  # type: ignore[misc]
        return {name: value for name, value in initial.items()
                if not _is_relation(self.model, name) or limits.is_row_id(value)}

    def formfield_for_manytomany(self, db_field: Any, request: HttpRequest,
                                 **kwargs: Any) -> ModelMultipleChoiceField[Any] | None:
        if not can_use_admin(request.user):
            kwargs["queryset"] = self._related(db_field, request)
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    def _of_no_club(self, request: HttpRequest) -> bool:
        return self.club_path is None and not can_use_admin(request.user)

    def has_module_permission(self, request: HttpRequest) -> bool:
        return not self._of_no_club(request) and super().has_module_permission(request)

    def has_view_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return not self._of_no_club(request) and super().has_view_permission(request, obj)

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return not self._of_no_club(request) and super().has_add_permission(request, *args)

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return not self._of_no_club(request) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return not self._of_no_club(request) and super().has_delete_permission(request, obj)


class ReadOnlyAdmin(ClubScopedAdmin):
    """Rows the services write: shown, never added, changed or deleted here,
    not even by a superuser. A change here would skip what the services do
    (validation, a settlement that sums to zero, the audit trail, the
    standings' and statistics' recomputation); the app's pages make every
    change through them."""

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def get_readonly_fields(self, request: HttpRequest, obj: Model | None = None) -> list[str]:
        opts = self.model._meta
        return [field.name for field in (*opts.fields, *opts.many_to_many)]


def _close_to_others(model: type[Model], model_admin: admin.ModelAdmin[Any]) -> None:
    """Re-register another app's admin (users, groups, login attempts) as one
    that shows nothing to anyone but a superuser."""
    scoped_class = type(type(model_admin).__name__, (ClubScopedAdmin, type(model_admin)),
                        {"club_path": None, "__module__": __name__})
    admin.site.unregister(model)
    admin.site.register(model, scoped_class)


# The apps before this one in INSTALLED_APPS (auth, axes) have registered
# their admins by now (the admin imports each app's admin module in order).
for _model, _model_admin in list(admin.site._registry.items()):
    if not isinstance(_model_admin, ClubScopedAdmin):
        _close_to_others(_model, _model_admin)


class HolidayInline(ClubScopedAdmin, admin.TabularInline):
    model = HolidayPeriod
    extra = 0


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin, admin.ModelAdmin):
    club_path = ""
    list_display = ("name", "slug", "city", "created_at")
    search_fields = ("name", "slug", "city")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("organisers",)
    inlines = [HolidayInline]


@admin.register(Member)
class MemberAdmin(ClubScopedAdmin, admin.ModelAdmin):
    list_display = ("last_name", "first_name", "club", "nmb_number", "ema_number",
                    "nationality", "date_of_birth", "joined_on", "last_played_on",
                    "long_illness")
    list_filter = ("club", "long_illness", "nationality")
    search_fields = ("first_name", "last_name", "nmb_number", "ema_number")
    readonly_fields = ("last_played_on", "created_at")
    autocomplete_fields = ("user",)
    list_select_related = ("club",)
