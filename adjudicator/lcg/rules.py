"""Rules (to be written)."""
