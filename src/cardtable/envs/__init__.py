"""Adapters to the research ecosystem: PettingZoo, Gymnasium and OpenSpiel (docs/ecosystem.md).

Each lives in its own module, imported on demand, so that only the extras a user installed
(``cardtable[rl]`` for PettingZoo and Gymnasium, ``cardtable[openspiel]``) are needed. This
package is plain Python on purpose (it is not in tools/compile.py's list): it is glue, not a hot
path, and it subclasses third-party classes.
"""
