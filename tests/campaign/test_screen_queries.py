"""What the campaign screens ask the campaign and the campaign files: what a Spoil would change on a card before it
is bought (asked of a copy: nothing is bought), and where each listed file stands, for Continue."""
import os

import pytest

from game.campaign import CampaignError
from game.campaign import decisions as D
from game.campaign.model import BRIEFING, HOMEBASE, IN_MISSION, SPOILS
from game.persistence.campaigns import list_campaign_files, newest_campaign, save_campaign

from .conftest import campaign, finish, ids, small_squad, to_homebase


def test_what_a_spoil_would_change_is_what_buying_it_changes():
    c = campaign(squad=small_squad(4))
    a = ids(c)[0]
    to_homebase(c, mp=8)
    while c.where.step != SPOILS:
        c.submit(D.NextStep())
    before = c.state_hash()
    told = c.spoil_changes(a, "HRD-SOW-RDAM")
    assert c.state_hash() == before and c.units[a].spoils == []  # asking buys nothing
    gun = next(w for w in c.card(a).weapons if w.kind == "ranged")
    assert [(ch.kind, ch.what, ch.before, ch.after) for ch in told] == [("spoil", f"{gun.name} ATT", "4", "5")]
    c.submit(D.BuySpoil(a, "HRD-SOW-RDAM"))
    assert [ch for ch in c.card_changes(a) if ch.cause == "HRD-SOW-RDAM"] == list(told)
    tough = c.spoil_changes(a, "HRD-SOW-TGH1")  # a unit special, with its rule
    assert [(ch.what, ch.before, ch.after) for ch in tough] == [("unit specials", "", "TGH1")] and tough[0].text
    with pytest.raises(CampaignError):
        c.spoil_changes(a, "HRD-INJ-DA")  # an Injury is not for sale
    with pytest.raises(CampaignError):
        c.spoil_changes(999, "HRD-SOW-RDAM")


def test_the_listing_says_where_each_campaign_stands_and_continue_skips_finished_ones(tmp_path):
    old = campaign(seed=3)
    finish(old)
    p_old = save_campaign(old, tmp_path)
    home = campaign(seed=4)
    home.setup = type(home.setup)(home.setup.kind, 4, "At home", home.setup.options, home.setup.squads)
    to_homebase(home)
    p_home = save_campaign(home, tmp_path)
    later = p_home.stat().st_mtime_ns + 5 * 10**9
    os.utime(p_old, ns=(later, later))  # the older campaign's file written last
    infos = {i.name: i for i in list_campaign_files(tmp_path)}
    assert (infos["Test"].stage, infos["At home"].stage) == (BRIEFING, HOMEBASE)
    assert not infos["Test"].over and infos["Test"].mtime_ns > infos["At home"].mtime_ns
    assert newest_campaign(list_campaign_files(tmp_path)).path == p_old
    m = old.start_mission()
    try:
        save_campaign(old, tmp_path, match=m)
        assert newest_campaign(list_campaign_files(tmp_path)).stage == IN_MISSION
    finally:
        m.close()
    p_old.write_text("{ damaged")
    assert newest_campaign(list_campaign_files(tmp_path)).path == p_home  # a damaged file is never offered


def test_a_recruit_without_a_name_gets_its_types_numbered_and_distinct_from_recruits_still_to_come():
    c = campaign(squad=small_squad(4))  # T1-T4: Strike Troopers with names of their own
    assert c.free_name("INT-STRP") == "Strike Trooper"
    assert c.free_name("INT-STRP", taken=("Strike Trooper",)) == "Strike Trooper 2"
    to_homebase(c)
    c.submit(D.NextStep())
    c.submit(D.NextStep())  # recruiting
    c.submit(D.Recruit("INT-STRP", c.free_name("INT-STRP"), ("INT-CK", "INT-AR")))
    assert c.free_name("INT-STRP") == "Strike Trooper 2"


def test_never_injured_is_what_the_injury_roll_reads():
    from game.content import default_squad
    c = campaign(squad=default_squad("despoilers"))
    never = [u.id for u in c.roster_units() if c.never_injured(u.id)]
    assert [c.units[u].unit_type for u in never] == ["DES-BST"]  # the Beast
    finish(c, out=[u.id for u in c.roster_units()])
    rolled = {e.unit: e for e in c.events if type(e).__name__ == "InjuryRolled"}
    assert all((rolled[u].face is None) == (u in never) for u in rolled)
