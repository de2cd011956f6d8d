"""The inference engine: the condition language, rules, and forward chaining over facts.

It knows facts and the law book's rules, and nothing of any particular law.
"""

from .infer import Conclusion, Inference, infer

__all__ = ["Conclusion", "Inference", "infer"]
