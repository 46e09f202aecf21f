"""Drop-in replacements for other evaluators' APIs, backed by handrank.

Change one import line and keep the rest of the code:

    from handrank.compat import treys          # instead of: import treys
    from handrank.compat.phevaluator import evaluate_cards
    from handrank.compat import eval7

Each module mirrors the latest release of the original: the same names,
signatures, card integers and return values.  Where the original crashes or
misbehaves on bad input, the adapter raises a clear ``ValueError`` instead;
each module's docstring lists those cases.
"""
