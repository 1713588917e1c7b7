from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, include, path

from config import views

urlpatterns: list[URLPattern | URLResolver] = [
    # set_language: POST a language code, get redirected to the same page in it.
    path("i18n/", include("django.conf.urls.i18n")),
]

# Dutch (the default language) has no prefix: /scoring/check/; English is /en/scoring/check/.
urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("scoring/", include("scoring.urls")),
    path("clubs/", include("clubs.urls")),
    path("", include("tournaments.urls")),
    path("", include("exports.urls")),
    path("", include("stats.urls")),
    path("rankings/", include("rankings.urls")),
    path("admin/", admin.site.urls),
    prefix_default_language=False,
)
