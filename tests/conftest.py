"""Shared test configuration. The scenario-file plugin is tests/scenario_items.py, loaded by
the root conftest.py so that it also collects the files under scenarios/."""
