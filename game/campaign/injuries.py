"""After each mission: the service records, then Apply Injuries (R35): 1D6 for each unit Taken Out (left behind
included) on the Injury table, a campaign die shown in the chronicle (no Tactical Order touches it: those exist
only inside a mission). Recovered is no Injury and never a duplicate; an Injury the unit already has makes it
Deceased (it leaves the roster at once: the memorial at the next Homebase); Beasts, Weirdos, Mindless units and
units with No Equipment are never injured."""
from __future__ import annotations

from . import events as V
from .model import DECEASED, InjuryRecord


def serve(record, report, label: str) -> None:
    """A mission on the unit's service record."""
    record.missions += 1
    record.played.append(label)
    if report.out:
        record.taken_out += 1
    record.enemies_taken_out += len(report.took_out)
    record.hit_dealt += report.hit_dealt
    record.hit_lost += report.hit_lost


def apply_injury(campaign, unit, report, label: str) -> None:
    tables = campaign.tables
    if campaign.never_injured(unit.id):
        campaign.emit(V.InjuryRolled(unit.id, unit.name, label, None, None, "", V.IMMUNE, report.turn, report.by))
        return
    face = campaign.roll(6, f"Mission {label}: Injury for {unit.name}")
    injury = tables.injury(face)
    if injury is None:
        campaign.emit(V.InjuryRolled(unit.id, unit.name, label, face, None, "Recovered", V.RECOVERED, report.turn,
                                     report.by))
        return
    name = campaign.catalog.skills[injury].name
    rec = InjuryRecord(injury, label, report.turn, report.by)
    if injury in unit.injury_ids:
        unit.status = DECEASED
        unit.fell = rec
        campaign.emit(V.InjuryRolled(unit.id, unit.name, label, face, injury, name, V.DECEASED, report.turn, report.by))
        return
    unit.injuries.append(rec)
    campaign.emit(V.InjuryRolled(unit.id, unit.name, label, face, injury, name, V.INJURED, report.turn, report.by))
