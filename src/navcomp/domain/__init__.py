"""The platform's pure model: its values and their arithmetic, with no database, no HTTP,
no asyncio and no wall clock (it imports the standard library, ``navcomp.core`` and pure
libraries only; ``pyproject.toml``'s import contracts hold it)."""
