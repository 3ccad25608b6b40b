"""War of the Ring: battle (seed 000). Kinds registered here are listed in docs and README."""
from __future__ import annotations
