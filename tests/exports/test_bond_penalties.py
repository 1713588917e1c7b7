"""The bond's export (exports/bond.py) and penalties, issue 17: offered only
for the rule sets the bond ranks (every variant but Hong Kong:
RuleSet.bond_ranked), its scores with the penalties taken off, and the
penalties listed on a sheet of their own."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from exports import bond
from tests.exports.sample import Sample, csv_rows, make_sample, workbook
from tests.support.db import built_once_per_module, fresh_copy
from tournaments.models import Event, PenaltyKind
from tournaments.services import penalties
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db

_built_sample = built_once_per_module(make_sample)


@pytest.fixture
def sample(db: None, _built_sample: Sample) -> Sample:
    return fresh_copy(_built_sample)


def penalise(sample: Sample) -> None:
    player = sample.by_name["Jan van der Berg"]
    penalties.record_penalty(sample.event, round=sample.rounds[1], registration=player,
                             points=30, kind=PenaltyKind.CHOMBO, reason="false mahjong",
                             user=sample.organiser)


def test_the_scores_include_penalties_and_the_workbook_lists_them(sample: Sample) -> None:
    before = bond.collect(sample.event)
    penalise(sample)
    after = bond.collect(sample.event)
    jan = next(p for p in after.players if p.last_name == "van der Berg")
    jan_before = next(p for p in before.players if p.last_name == "van der Berg")
    assert jan.score == jan_before.score - 30 and jan.penalty == 30
    assert jan.table_points == jan_before.table_points  # NTS: the score only
    book = workbook(bond.render_xlsx(sample.event, language="en"))
    assert book.sheetnames == ["Results", "Penalties"]
    rows = [[cell.value for cell in row] for row in book["Penalties"].iter_rows()]
    assert rows == [["Round", "Player", "NMB member number", "Points", "Kind", "Reason"],
                    [2, "Jan van der Berg", "1003", 30, "chombo", "false mahjong"]]
    results = book["Results"]
    scores = {row[2].value: row[6].value for row in results.iter_rows(min_row=11)}
    assert scores["van der Berg"] == {
        row.name: row.score for row in event_standings(sample.event)}["Jan van der Berg"]
    dutch = workbook(bond.render_xlsx(sample.event, language="nl"))
    assert dutch.sheetnames[1] == "Strafpunten"


def test_the_csv_lists_the_penalties_after_the_results(sample: Sample) -> None:
    plain = csv_rows(bond.render_csv(sample.event, language="en"))
    assert ["Round", "Player", "NMB member number", "Points", "Kind", "Reason"] not in plain
    penalise(sample)
    rows = csv_rows(bond.render_csv(sample.event, language="en"))
    assert rows[-3:] == [[], ["Round", "Player", "NMB member number", "Points", "Kind", "Reason"],
                         ["2", "Jan van der Berg", "1003", "30", "chombo", "false mahjong"]]
    # The results above it are the file as before, Jan's score 30 lower.
    assert len(rows) == len(plain) + 3


def hong_kong(sample: Sample) -> Event:
    Event.objects.filter(pk=sample.event.pk).update(ruleset="hongkong", rule_options={})
    return Event.objects.get(pk=sample.event.pk)


def test_hong_kong_is_refused_with_a_clear_message(sample: Sample) -> None:
    event = hong_kong(sample)
    for render in (bond.render_xlsx, bond.render_csv):
        with pytest.raises(ValidationError) as refused:
            render(event, language="en")
        assert refused.value.messages == [
            "Voorjaarstoernooi is played by Hong Kong mahjong (club Fu-Hing), which the bond does not rank: there are "
            "no results to send to the bond."]


def test_hong_kong_has_no_bond_export_on_the_page_and_the_url_refuses(sample: Sample) -> None:
    client = Client()
    client.force_login(sample.organiser)
    page = client.get(f"/en/events/{sample.event.pk}/").content.decode()
    assert 'action="/en/exports/bond_xlsx/"' in page
    event = hong_kong(sample)
    page = client.get(f"/en/events/{event.pk}/").content.decode()
    assert 'action="/en/exports/bond_xlsx/"' not in page
    assert 'action="/en/exports/bond_csv/"' not in page
    assert "The bond does not rank Hong Kong" in page
    response = client.post("/en/exports/bond_xlsx/", {"object_id": event.pk})
    assert response.status_code == 400
    assert "which the bond does not rank" in response.content.decode()
