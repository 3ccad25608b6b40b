"""Root pytest configuration: load the plugin that makes every scenario file a test item."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "tests"))

from scenario_items import pytest_collect_file  # noqa: E402,F401  (a pytest hook)
