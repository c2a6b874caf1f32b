"""`python main.py lab --campaign pve`: whole campaigns in batches, summed up per squad (the share completed with
its interval, MP, missions won, Deceased, where the lost ones fell). The campaigns here are real (setup, plan,
Injury dice, the computer's Homebase decisions, the records), but their missions are decided by the test instead
of played, so a batch takes a moment; tests/campaign/test_headless.py plays real ones."""
import csv

import pytest

from game.campaign import decisions as D
from game.campaign import policy
from game.campaign.model import BRIEFING
from game.lab import campaigns
from main import main


def quick_campaign(setup, out=None, on_mission=None, catalog=None):
    """play_campaign with each mission decided at once: every unit extracts, a win worth 3 MP, except the squad
    of the Krumpfists, whose every unit is Taken Out each time (a defeat worth 1 MP; the Injury dice roll)."""
    from game.campaign import new_campaign
    c = new_campaign(setup, catalog)
    wiped = setup.squads[0].squad_type == "KF"
    while not c.over:
        if c.stage == BRIEFING:
            c.submit(D.StartMission())
            fate = "taken_out" if wiped else "extracted"
            reports = tuple(D.UnitReport(u, fate, 2 if wiped else None, "test" if wiped else "", (), 0, 0)
                            for u in c.current.units)
            c.submit(D.FinishMission((), "h", "defeat" if wiped else "victory", not wiped, 4, "test",
                                     1 if wiped else 3, reports))
        else:
            policy.act(c)
    return c


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr("game.headless.play_campaign", quick_campaign)


@pytest.mark.parametrize("argv,words", [
    (["--campaign", "moon"], "--campaign: unknown campaign 'moon' (known: pve, pvp, last-signal, operation:ID)"),
    (["--campaign", "operations"], "--campaign: unknown campaign 'operations'"),
    (["--campaign", "pve", "--mission", "pve"], "--campaign: a campaign picks its own missions"),
])
def test_bad_campaign_arguments(tmp_path, capsys, argv, words):
    assert main(["lab", "--games", "1", "--out", str(tmp_path / "r"), *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]


def test_a_batch_of_campaigns_writes_its_report(tmp_path, capsys, quick):
    out = tmp_path / "report"
    assert main(["lab", "--campaign", "pve", "--squads", "interdictors,krumpfists", "--games", "3", "--seed", "5",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "PvE campaign: 3 campaigns per squad" in text
    rows = list(csv.DictReader((out / campaigns.CAMPAIGNS_CSV).open()))
    assert [(r["squad"], r["game"]) for r in rows] == [(s, str(g)) for s in ("interdictors", "krumpfists")
                                                       for g in (1, 2, 3)]
    won = [r for r in rows if r["squad"] == "interdictors"]
    assert all((r["outcome"], r["mp"], r["won"], r["played"], r["deceased"]) == ("complete", "27", "9", "9", "0")
               for r in won)
    beaten = [r for r in rows if r["squad"] == "krumpfists"]  # its Weirdos are never injured: it plays on
    assert all(r["mp"] == "9" and r["won"] == "0" and int(r["deceased"]) >= 1 for r in beaten)
    summary = {r["squad"]: r for r in csv.DictReader((out / campaigns.SUMMARY_CSV).open())}
    assert summary["interdictors"]["complete"] == "3" and summary["krumpfists"]["won"] == "0.0000"
    report = (out / campaigns.REPORT_MD).read_text()
    assert "python main.py lab --campaign pve --squads interdictors,krumpfists --games 3 --seed 5" in report
    assert "| interdictors | 3 | 100.0% |" in report
    again = tmp_path / "again"
    assert main(["lab", "--campaign", "pve", "--squads", "interdictors,krumpfists", "--games", "3", "--seed", "5",
                 "--jobs", "1", "--out", str(again)]) == 0
    assert (again / campaigns.CAMPAIGNS_CSV).read_bytes() == (out / campaigns.CAMPAIGNS_CSV).read_bytes()


def test_the_summary_counts_where_campaigns_were_lost():
    recs = [campaigns.CampaignRecord("pve", "a", k, k, "lost", 1, m, 2, 0, m, 9, 5, 0) for k, m in enumerate((2, 2, 3))]
    recs.append(campaigns.CampaignRecord("pve", "a", 3, 3, "complete", 3, 3, 20, 6, 9, 9, 2, 5))
    s = campaigns.summarize(recs)[0]
    assert (s.campaigns, s.complete, s.lost_at) == (4, 1, {"1.2": 2, "1.3": 1})
    assert 0 < s.low < 0.25 < s.high < 1 and s.mp == 6.5
