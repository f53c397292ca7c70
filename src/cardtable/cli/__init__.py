"""The ``cardtable`` terminal interface (Click commands, Rich output).

It only ever shows ``observation(seat)`` of a state, never the state itself; bots are asked
through :func:`cardtable.agents.decide`, which gives them the same.
"""
