"""The admin, the organisers' fallback: clubs with their holidays, members."""

from django.contrib import admin

from clubs.models import Club, HolidayPeriod, Member


class HolidayInline(admin.TabularInline):
    model = HolidayPeriod
    extra = 0


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "city", "created_at")
    search_fields = ("name", "slug", "city")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("organisers",)
    inlines = [HolidayInline]


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ("last_name", "first_name", "club", "nmb_number", "date_of_birth",
                    "joined_on", "last_played_on", "long_illness")
    list_filter = ("club", "long_illness")
    search_fields = ("first_name", "last_name", "nmb_number")
    readonly_fields = ("last_played_on", "created_at")
    autocomplete_fields = ("user",)
    list_select_related = ("club",)
