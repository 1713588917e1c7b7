from django.urls import path

from rankings import views

app_name = "rankings"

urlpatterns = [
    path("", views.ranking, name="index"),
    path("<slug:ruleset>/", views.ranking, name="ruleset"),
    path("<slug:ruleset>/players/<path:key>/", views.player, name="player"),
]
