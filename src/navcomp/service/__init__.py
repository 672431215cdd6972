"""The platform's use cases: each a function of a connection, the actor, its arguments and
the time, returning what changed and the effects that follow (``effects.py``)."""
