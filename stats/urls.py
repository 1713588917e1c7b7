from django.urls import path

from stats import views

app_name = "stats"

# Public, like the standings (a draft event's page only for its organisers).
urlpatterns = [
    # A person: "nmb-<NMB number>" or "member-<member id>" (stats/keys.py).
    path("players/<path:key>/statistics/", views.player, name="player"),
    path("clubs/<slug:slug>/statistics/", views.club, name="club"),
    path("events/<int:event_id>/statistics/", views.event, name="event"),
]
