"""The public ranking pages: /rankings/, /rankings/<rule set>/ and a
player's results."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from clubs.models import Club, Member
from rankings import services
from rankings.models import RankingRun
from tests.rankings.conftest import TODAY, Background, member, tournament

pytestmark = pytest.mark.django_db

MakeMember = Callable[..., Member]


@pytest.fixture
def ranked(club: Club, other_club: Club, make_member: MakeMember) -> dict[str, Member]:
    """Anna 393.75, Bram 375.07 (Fu-Hing), Cor (Philos) 187.43, Dirk 56.25
    (MERS: whole base ranks, parts A and B padded); Eva played once (not
    ranked). Computed today."""
    players = {name: make_member(name) for name in ("Anna", "Bram", "Dirk", "Eva")}
    players["Cor"] = make_member("Cor", club=other_club)
    anna, bram, cor, dirk = (players[name] for name in ("Anna", "Bram", "Cor", "Dirk"))
    tournament(club, [anna, bram, cor, dirk], day=datetime.date(2031, 3, 1),
               title="Lentetoernooi")
    tournament(club, [bram, anna, cor, dirk, players["Eva"]], day=datetime.date(2031, 4, 1),
               title="Paastoernooi")
    services.recompute("nts")
    return players


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def test_the_nts_ranking_is_the_default(client: Client, ranked: dict[str, Member]) -> None:
    html = page(client, "/en/rankings/")
    assert "National ranking: Nederlandse Toernooi Spelregels (NTS)" in html
    for name in ("Anna Speler", "Bram Speler", "Cor Speler", "Dirk Speler"):
        assert name in html
    assert "Eva Speler" not in html  # one result: not ranked
    assert 'aria-current="page">Nederlandse Toernooi Spelregels (NTS)' in html
    assert "Philos" in html  # Cor's club
    assert html.index("Anna Speler") < html.index("Cor Speler") < html.index("Dirk Speler")
    assert f'href="/en/rankings/nts/players/{services.member_key(ranked["Anna"])}/"' in html


def test_the_page_shows_positions_ratings_and_parts(client: Client,
                                                    ranked: dict[str, Member]) -> None:
    """Anna: 1000 and 750 (2nd of 5): A = 1750 / 5 = 350, B = 1750 / 4 = 437.50
    (padded, MERS), rating 393.75."""
    html = page(client, "/en/rankings/nts/")
    row = html[html.index("Anna Speler"):]
    row = row[:row.index("</tr>")]
    for text in ("393.75", "350.00", "437.50", "1 April 2031"):  # DATE_FORMAT, as every page
        assert text in row, text
    bram = html[html.index("Bram Speler"):]
    # 1000 and round(666.67) = 667: A = 1667 / 5, B = 1667 / 4, rating 375.075.
    assert "375.07" in bram[:bram.index("</tr>")]


def test_the_page_says_when_it_was_computed_and_how(client: Client,
                                                    ranked: dict[str, Member]) -> None:
    html = page(client, "/en/rankings/nts/")
    assert "Computed" in html and "Ranked players: 4; tournaments counted: 2." in html
    assert "1000 × (N − place) / (N − 1)" in html
    assert "1 day: 1; 2 days: 2; 3 days or more: 3" in html
    assert "up to 40 players: +0; 41 to 80 players: +0.5; more than 80 players: +1" in html
    assert "more than 1 year old: × 0.5" in html
    # MERS (issue 17): whole base ranks, four weight parts, A and B padded.
    assert "round(1000 × (N − place) / (N − 1)), a whole number" in html
    assert "up to 5 countries: +0; 6 to 9 countries: +0.5; 10 or more countries: +1" in html
    assert "plus 1 if it qualifies for a championship" in html
    assert "padded to 5 with results of 0" in html and "best 4 of the same padded list" in html
    assert "at least 2 results" in html
    assert "Basics for ranking system" in html and "mahjong-europe.org" in html
    assert "A recomputation is under way" not in html


def test_the_page_in_dutch(client: Client, ranked: dict[str, Member]) -> None:
    html = page(client, "/rankings/nts/")
    assert 'lang="nl"' in html and "393,75" in html


def test_filter_by_club_and_name(client: Client, ranked: dict[str, Member],
                                 other_club: Club) -> None:
    html = page(client, f"/en/rankings/nts/?club={other_club.pk}")
    assert "Cor Speler" in html and "Anna Speler" not in html
    html = page(client, "/en/rankings/nts/?q=bram")
    assert "Bram Speler" in html and "Anna Speler" not in html
    assert "Show all" in html


def test_other_rule_sets_and_unknown_ones(client: Client, ranked: dict[str, Member]) -> None:
    html = page(client, "/en/rankings/hongkong/")
    assert "Hong Kong mahjong (club Fu-Hing)" in html
    assert "not been computed yet" in html and "Anna Speler" not in html
    assert client.get("/en/rankings/zung/").status_code == 404


def test_a_ranking_never_computed_is_computed_in_the_background(
        client: Client, background: Background,
        django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        html = page(client, "/en/rankings/philos/")
    assert "This ranking has not been computed yet." in html
    assert background.started == ["philos"]
    assert "being computed" in page(client, "/en/rankings/philos/")


def test_a_ranking_computed_before_today_is_recomputed_in_the_background(
        client: Client, ranked: dict[str, Member], background: Background,
        django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        page(client, "/en/rankings/nts/")
    assert background.started == []  # computed today
    RankingRun.objects.update(as_of=timezone.localdate() - datetime.timedelta(days=1))
    with django_capture_on_commit_callbacks(execute=True):
        html = page(client, "/en/rankings/nts/")
    assert background.started == ["nts"]
    assert "Anna Speler" in html  # the old ranking meanwhile
    assert "A recomputation is under way" in page(client, "/en/rankings/nts/")


def test_the_page_reads_stored_rows_with_few_queries(
        client: Client, club: Club, ranked: dict[str, Member]) -> None:
    with CaptureQueriesContext(connection) as few:
        page(client, "/en/rankings/nts/")
    players = [member(club, f"Speler{n}") for n in range(60)]
    tournament(club, players)
    tournament(club, players[::-1])
    services.recompute("nts")
    with CaptureQueriesContext(connection) as many:
        html = page(client, "/en/rankings/nts/")
    assert "Speler59 Speler" in html

    def reads(captured: CaptureQueriesContext) -> list[str]:
        # The shared page's own cache reads and writes aside (the database
        # cache in the tests; Redis in production).
        return [query["sql"] for query in captured.captured_queries
                if "django_cache" not in query["sql"] and "SAVEPOINT" not in query["sql"]]

    assert len(reads(many)) == len(reads(few)) <= 8, reads(many)


# --- A player's page ------------------------------------------------------------------


def test_a_ranked_players_results(client: Client, ranked: dict[str, Member]) -> None:
    key = services.member_key(ranked["Anna"])
    html = page(client, f"/en/rankings/nts/players/{key}/")
    assert "<h1>Anna Speler</h1>" in html and "Fu-Hing" in html
    assert "Lentetoernooi" in html and "Paastoernooi" in html
    assert "1/4" in html and "2/5" in html
    assert ">1000<" in html and ">750<" in html  # MERS: whole base ranks
    assert "393.75" in html  # the rating, and the last point of the history
    assert "Rating after each tournament" in html
    assert "Not ranked" not in html
    assert 'id="rating-ages"' not in html  # today's rating is the history's last


def test_a_rating_that_aged_since_the_last_tournament_says_why(
        client: Client, ranked: dict[str, Member]) -> None:
    # Over a year after the first tournament it counts at half weight.
    services.recompute("nts", as_of=datetime.date(2032, 3, 15))
    html = page(client, f"/en/rankings/nts/players/{services.member_key(ranked['Anna'])}/")
    assert 'id="rating-ages"' in html
    assert "a result counts at half weight after a year and no longer after two" in html


def test_an_unranked_players_results(client: Client, ranked: dict[str, Member]) -> None:
    key = services.member_key(ranked["Eva"])
    html = page(client, f"/en/rankings/nts/players/{key}/")
    assert "Not ranked: a player needs at least 2 results that still count." in html
    assert "1 result counts now." in html
    assert "5/5" in html and ">0<" in html


def test_an_unknown_player_is_not_found(client: Client, ranked: dict[str, Member]) -> None:
    assert client.get("/en/rankings/nts/players/nmb-0/").status_code == 404
    key = services.member_key(ranked["Anna"])
    assert client.get(f"/en/rankings/philos/players/{key}/").status_code == 404


def test_the_pages_are_public(client: Client, ranked: dict[str, Member],
                              django_user_model: type[User]) -> None:
    key = services.member_key(ranked["Anna"])
    urls = ["/rankings/", "/en/rankings/nts/", f"/en/rankings/nts/players/{key}/"]
    member_client = Client()
    member_client.force_login(django_user_model.objects.create_user("carol"))
    for visitor in (client, member_client):
        for url in urls:
            assert visitor.get(url).status_code == 200, url
        assert visitor.post("/en/rankings/nts/").status_code == 405


def test_the_menu_links_to_the_rankings(client: Client) -> None:
    html = page(client, "/en/")
    assert 'href="/en/rankings/">Rankings</a>' in html


def test_the_waiting_flag_shows_on_the_page(client: Client, ranked: dict[str, Member]) -> None:
    cache.set(services.background.running_key(services.TASK, "nts"), "now")
    assert "A recomputation is under way" in page(client, "/en/rankings/nts/")


def test_today_is_used_when_no_day_is_given(ranked: dict[str, Member]) -> None:
    run = services.current_run("nts")
    assert run is not None and run.as_of == timezone.localdate()
    assert TODAY.year == 2031


def test_long_rankings_have_pages(client: Client, ranked: dict[str, Member],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from rankings import views

    monkeypatch.setattr(views, "PER_PAGE", 3)
    first = page(client, "/en/rankings/nts/?q=speler")
    assert "page 1 of 2" in first and "Dirk Speler" not in first
    assert 'href="?q=speler&amp;page=2"' in first
    second = page(client, "/en/rankings/nts/?q=speler&page=2")
    assert "Dirk Speler" in second and "Anna Speler" not in second
    assert "page 2 of 2" in page(client, "/en/rankings/nts/?page=99")


def test_weights_and_factors_are_shown_without_trailing_zeros() -> None:
    from django.utils import translation

    from rankings.templatetags.ranking_numbers import plain_number

    with translation.override("nl"):
        assert [plain_number(v) for v in (1.0, 2.5, 0.75, 1 / 3, None)] == [
            "1", "2,5", "0,75", "0,333", ""]
    assert plain_number(2.5) == "2.5"


def test_the_players_page_in_dutch(client: Client, ranked: dict[str, Member]) -> None:
    key = services.member_key(ranked["Anna"])
    html = page(client, f"/rankings/nts/players/{key}/")
    assert "393,75" in html and "Locatie" not in html  # "Place" is not the venue here


def test_new_constants_are_applied_in_the_background(
        client: Client, ranked: dict[str, Member], background: Background, settings: Any,
        django_capture_on_commit_callbacks: Any) -> None:
    settings.RANKING_MIN_RESULTS = 3
    with django_capture_on_commit_callbacks(execute=True):
        html = page(client, "/en/rankings/nts/")
    assert background.started == ["nts"]
    # Until then the ranking shown, with the constants it was computed with.
    assert "Anna Speler" in html and "at least 2 results" in html
    services.run_requested("nts")
    html = page(client, "/en/rankings/nts/")
    assert "at least 3 results" in html and "Anna Speler" not in html


def test_the_ranking_is_one_page_for_every_anonymous_reader(
        client: Client, club: Club, ranked: dict[str, Member]) -> None:
    """Served whole from the cache with validators (common/shared_pages.py,
    docs/operations.md): 304 while nothing changed; a new run or a renamed
    member gives a new page; a search is its reader's own."""
    first = client.get("/en/rankings/nts/")
    assert first["Cache-Control"] == "public, max-age=5" and first.has_header("Last-Modified")
    assert client.get("/en/rankings/nts/", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    player = next(iter(ranked.values()))
    search = client.get("/en/rankings/nts/", {"q": player.last_name})
    assert search["Cache-Control"] == "private, no-cache" and not search.has_header("ETag")

    player.first_name = "Anneke"
    player.save()
    renamed = client.get("/en/rankings/nts/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert renamed.status_code == 200 and renamed["ETag"] != first["ETag"]
    players = [member(club, f"Speler{n}") for n in range(4)]
    tournament(club, players)
    tournament(club, players[::-1])
    services.recompute("nts")
    recomputed = client.get("/en/rankings/nts/", HTTP_IF_NONE_MATCH=renamed["ETag"])
    assert recomputed.status_code == 200 and "Speler3 Speler" in recomputed.content.decode()
    # Past the last page, or a page written otherwise: answered, not shared.
    for odd in ("99", "01", "1.0"):
        response = client.get("/en/rankings/nts/", {"page": odd})
        assert response["Cache-Control"] == "private, no-cache", odd
