from django.urls import path

from scoring import views

app_name = "scoring"

urlpatterns = [
    path("check/", views.check_hand, name="check"),
]
