from django.urls import path

from clubs import details_views, member_login_views, views

app_name = "clubs"

urlpatterns = [
    path("", views.club_list, name="list"),
    path("<slug:slug>/", views.club_detail, name="detail"),
    path("<slug:slug>/members/add/", views.member_add, name="member_add"),
    path("<slug:slug>/members/<int:member_id>/edit/", views.member_edit, name="member_edit"),
    path("<slug:slug>/members/<int:member_id>/login/", member_login_views.member_login,
         name="member_login"),
    path("<slug:slug>/members/import/", views.member_import_upload, name="member_import"),
    path("<slug:slug>/members/import/confirm/", views.member_import_confirm,
         name="member_import_confirm"),
    path("<slug:slug>/members/ema/", views.ema_players_upload, name="ema_players"),
    path("<slug:slug>/members/ema/confirm/", views.ema_players_confirm,
         name="ema_players_confirm"),
    # The club's own details, season rules and holidays (clubs/details_views.py).
    path("<slug:slug>/details/", details_views.club_details_page, name="details"),
    path("<slug:slug>/details/club/", details_views.save_club, name="details_save"),
    path("<slug:slug>/details/season/", details_views.save_season_options,
         name="season_options"),
    path("<slug:slug>/details/holidays/add/", details_views.add_holiday, name="holiday_add"),
    path("<slug:slug>/details/holidays/<int:holiday_id>/remove/", details_views.remove_holiday,
         name="holiday_remove"),
    path("<slug:slug>/details/organisers/add/", details_views.add_organiser,
         name="organiser_add"),
    path("<slug:slug>/details/organisers/remove/", details_views.remove_organiser,
         name="organiser_remove"),
]
