"""Cego's three-handed deal is now from 51 cards (issue 34; de.wikipedia "Cego", mupfelmaus.de), where the
live tables dealt the whole 54 before. A live hand is rebuilt by replaying its moves on its deal, so every
three-handed Cego hand stored before this names the pack it was dealt from (``three_handed_pack: "54"``):
its replay page shows it as it was played, and a hand in play goes on with the same cards. Stored results
keep their payments; the tables' own rules are not touched, so their next hands are dealt from 51."""

from django.db import migrations


def keep_the_54_card_deal(apps, schema_editor):
    LiveHand = apps.get_model("tournaments", "LiveHand")
    for hand in LiveHand.objects.filter(live_table__game="cego").only("rules", "active").iterator():
        options = dict((hand.rules or {}).get("options") or {})
        if len(hand.active or []) != 3 or "three_handed_pack" in options:
            continue
        hand.rules = {**hand.rules, "options": {**options, "three_handed_pack": "54"}}
        hand.save(update_fields=["rules"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0020_live_hand_carry"),
    ]

    operations = [
        migrations.RunPython(keep_the_54_card_deal, migrations.RunPython.noop),
    ]
