"""Events whose rules are frozen (a hand was entered) keep being scored as
they were played when a rule set's default changes (issue 14):

* NTS `three_player_two_suits` became on by default (003 "Drie spelers"):
  frozen NTS events that did not choose keep it off;
* Hong Kong's pao on a super-clean hand became a house option, off by
  default ("Varianten van het Hong Kong Mahjongspel"): frozen Hong Kong
  events that did not choose keep paying it.
"""

from django.db import migrations

PINNED = {"nts": {"three_player_two_suits": False},
          "hongkong": {"house_pao_super_clean": True}}


def pin(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    for event in Event.objects.filter(rules_frozen_at__isnull=False,
                                      ruleset__in=list(PINNED)).iterator():
        options = dict(event.rule_options or {})
        missing = {name: value for name, value in PINNED[event.ruleset].items()
                   if name not in options}
        if missing:
            event.rule_options = {**options, **missing}
            event.save(update_fields=["rule_options"])


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0005_input_ranges"),
    ]

    operations = [
        migrations.RunPython(pin, migrations.RunPython.noop),
    ]
