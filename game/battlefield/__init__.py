"""The table: battlefield maps (Tiled .tmx) and the geometric questions of the rules.

    from game.battlefield import load_battlefield, open_table, Battlefield, MapError, Table, Base, MoveRule, Sight, Path, Reach

See docs/maps.md for the map format and docs/rules-notes.md for the rulings.
"""
from .loader import load_battlefield, map_title, tidy_title
from .model import (
    ANCHOR_NAMES,
    Base,
    Battlefield,
    Door,
    Ladder,
    LowWall,
    MapError,
    Marker,
    MoveRule,
    Path,
    Platform,
    Reach,
    Sight,
    TileLayerInfo,
    TileLayers,
    TilesetInfo,
    Wall,
    Zone,
)
from .sight import base_label
from .table import Table, climb_cost, grid_climb_cost, open_table
from .tmx_checks import player_label

__all__ = [
    "ANCHOR_NAMES", "Base", "Battlefield", "Door", "Ladder", "LowWall", "MapError", "Marker", "MoveRule", "Path",
    "Platform", "Reach", "Sight", "Table", "TileLayerInfo", "TileLayers", "TilesetInfo", "Wall", "Zone",
    "base_label", "climb_cost", "grid_climb_cost", "load_battlefield", "map_title", "open_table", "player_label",
    "tidy_title",
]
