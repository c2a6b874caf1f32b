"""Where the game's own files live (the game never reads anything outside its folder at run time)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS_DIR = ROOT / "assets"
DATA_DIR = ASSETS_DIR / "data"
MAPS_DIR = ROOT / "maps"
SAVES_DIR = ROOT / "saves"
