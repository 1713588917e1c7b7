from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, include, path

from config import security, views

urlpatterns: list[URLPattern | URLResolver] = [
    # set_language: POST a language code, get redirected to the same page in it.
    path("i18n/setlang/", views.set_language, name="set_language"),
]

# Dutch (the default language) has no prefix: /scoring/check/; English is /en/scoring/check/.
urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Password reset by e-mail (Django's views; templates in registration/).
    # The same page follows whether or not an account has the address; the
    # mails are rate-limited (config/security.py).
    path("accounts/password/reset/", security.PasswordResetView.as_view(),
         name="password_reset"),
    path("accounts/password/reset/sent/", auth_views.PasswordResetDoneView.as_view(),
         name="password_reset_done"),
    path("accounts/password/reset/<uidb64>/<token>/", security.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("accounts/password/reset/done/", auth_views.PasswordResetCompleteView.as_view(),
         name="password_reset_complete"),
    path("scoring/", include("scoring.urls")),
    path("clubs/", include("clubs.urls")),
    path("", include("tournaments.urls")),
    path("", include("exports.urls")),
    path("", include("stats.urls")),
    path("rankings/", include("rankings.urls")),
    path("admin/", admin.site.urls),
    prefix_default_language=False,
)

# A database outage answers 503 with a clear message, not the 500 page.
handler500 = "config.errors.server_error"
