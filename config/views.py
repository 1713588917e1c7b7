from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone, translation
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from clubs.access import clubs_for
from tournaments.models import Event
from tournaments.services import calendar as event_calendar

# Today's events of an organiser's clubs on the home page.
TODAY_MOST = 5


def home(request: HttpRequest) -> HttpResponse:
    # An organiser's first tap of the evening: straight to tonight's event.
    today: list[Event] = []
    if request.user.is_authenticated:
        organised = Event.objects.filter(club__in=clubs_for(request.user))
        today = event_calendar.played_today(organised, timezone.localdate(), most=TODAY_MOST)
    return render(request, "home.html", {"today": today})


@csrf_exempt
@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's set_language, returning to the same page in the chosen
    language from any language. Django translates the page's address under
    the language active for this request, and this unprefixed address is
    always the default language's (prefix_default_language=False): an
    English /en/... address did not resolve, so the visitor stayed in
    English. It is resolved under the language of its own prefix instead.

    Without a CSRF token: it writes no data (a cookie, for the visitor's own
    browser), and the pages every anonymous reader shares hold no token
    (common/shared_pages.py)."""
    next_url = request.POST.get("next", request.GET.get("next", ""))
    language = translation.get_language_from_path(urlsplit(next_url).path)
    with translation.override(language or settings.LANGUAGE_CODE):
        return django_set_language(request)
