"""A kind of campaign's numbers (assets/data/campaigns/<kind>.json): the launch edition's (R33, R34, R36), and every
problem of the file named with the file and the field."""
import shutil

import pytest

from tests.content.content_helpers import edit
from game.campaign.data import campaign_rules
from game.content import DEFAULT_DATA_DIR, ContentError


def test_the_pve_campaign_numbers():
    r = campaign_rules("pve")
    assert (r.threat_levels, r.missions_per_operation, r.operations, r.missions) == ((1, 2, 3), 3, 3, 9)
    assert (r.budget, r.spoil_cost, r.injuries_healed_at_homebase, r.edition) == (100, 8, 1, "E1")


@pytest.mark.parametrize("change,message", [
    (lambda d: d.update(kind="pvp"), "field 'kind': expected 'pve' (the file's name), got 'pvp'"),
    (lambda d: d.update(threat_levels=[1, 4]), "field 'threat_levels': expected a list of 1-9 Threat Levels"),
    (lambda d: d.update(spoil_cost=-1), "field 'spoil_cost': expected an integer 0-99, got -1"),
    (lambda d: d.update(edition="E9"), "field 'edition': expected one of E1"),
    (lambda d: d.update(bonus=1), "unknown field 'bonus'"),
])
def test_a_broken_file_is_named(tmp_path, change, message):
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    edit(data / "campaigns" / "pve.json", change)
    with pytest.raises(ContentError) as e:
        campaign_rules("pve", data)
    assert "campaigns/pve.json" in str(e.value) and message in str(e.value)
