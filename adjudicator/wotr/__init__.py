"""War of the Ring rules, one module per chapter of the rulebook (seed 000, Hunt seed 004).

Each module registers its question kinds with :func:`adjudicator.registry.question`.
A handler reads its parameters from ``q``, calls ``q.ready()`` (which raises every problem
at once), then builds the ruling step by step with ``r`` and closes it with a verdict.
"""
