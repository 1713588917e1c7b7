from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("", views.club_list, name="list"),
    path("<slug:slug>/", views.club_detail, name="detail"),
    path("<slug:slug>/members/add/", views.member_add, name="member_add"),
    path("<slug:slug>/members/<int:member_id>/edit/", views.member_edit, name="member_edit"),
    path("<slug:slug>/members/import/", views.member_import_upload, name="member_import"),
    path("<slug:slug>/members/import/confirm/", views.member_import_confirm,
         name="member_import_confirm"),
    path("<slug:slug>/season/", views.season, name="season"),
    path("<slug:slug>/season/<int:year>/", views.season, name="season_year"),
    path("<slug:slug>/all-time/", views.all_time, name="all_time"),
]
