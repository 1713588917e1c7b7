from django.urls import path

from exports import views

app_name = "exports"

urlpatterns = [
    path("exports/ema/<int:event_id>/check/", views.ema_check, name="ema_check"),
    path("exports/job/<str:token>/", views.job_page, name="job"),
    path("exports/job/<str:token>/progress/", views.job_progress, name="progress"),
    path("exports/job/<str:token>/download/", views.download, name="download"),
    path("exports/job/<str:token>/retry/", views.retry, name="retry"),
    path("exports/<slug:kind>/", views.ask, name="ask"),
]
