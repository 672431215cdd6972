"""NavComp: an open online table for Space Mission and Space Pioneers."""

__version__ = "0.1.0"
