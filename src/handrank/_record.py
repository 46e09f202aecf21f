"""Immutable result objects (EquityResult, Showdown, PlayerResult) without the cost of importing dataclasses.

A record's fields are its ``__slots__``, set once by keyword; records are
equal, hashable, printable and picklable by their fields, like frozen
dataclasses.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing itself is not imported at run time
if TYPE_CHECKING:
    from typing import TypeVar

    R = TypeVar("R", bound="Record")


FREE_THREADED = not getattr(sys, "_is_gil_enabled", lambda: True)()
"""Whether this interpreter runs without the GIL (a free-threaded build with the GIL off)."""


class Record:
    """An immutable value with the fields named by ``__slots__``."""

    __slots__: tuple[str, ...] = ()

    def __init__(self, **values: object) -> None:
        missing = [name for name in self.__slots__ if name not in values]
        extra = sorted(set(values) - set(self.__slots__))
        if missing or extra:
            raise TypeError(f"{type(self).__name__}() needs exactly the fields {', '.join(self.__slots__)}")
        for name in self.__slots__:
            object.__setattr__(self, name, values[name])

    @classmethod
    def _of(cls: type[R], *values: object) -> R:
        """A record from its fields' values in ``__slots__`` order, unchecked (for the package's own results).

        Each subclass gets its own, written out field by field (see ``__init_subclass__``).
        """
        record = object.__new__(cls)
        for name, value in zip(cls.__slots__, values, strict=True):
            object.__setattr__(record, name, value)
        return record

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        names = cls.__dict__.get("__slots__", ())
        if not names:  # a subclass with no slots of its own (it may have a __dict__): the plain loop
            cls._of = classmethod(Record._of.__func__)  # type: ignore[assignment,attr-defined]
            return
        scope: dict[str, object] = {"new": object.__new__}
        lines = [f"def _of(cls, {', '.join(names)}):"]
        if FREE_THREADED:
            # Each slot set through its descriptor: assigning __class__ (below) stops every other thread
            # while it is done when the GIL is off, which made two threads building results 200 times slower.
            scope.update({f"set_{name}": cls.__dict__[name].__set__ for name in names})
            lines += ["    record = new(cls)"] + [f"    set_{name}(record, {name})" for name in names]
        else:
            # ``_of`` fills a twin of the class that allows setting its slots (plain attribute stores, which
            # Python makes fast) and then makes it the record's class: the same slots, so the same layout.
            # Several times faster than setting each slot through its descriptor.
            plain = {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__}
            scope["builder"] = type(f"_{cls.__name__}Builder", (cls,), plain)
            lines += ["    record = new(builder)"] + [f"    record.{name} = {name}" for name in names]
            lines += ["    record.__class__ = cls"]
        lines += ["    return record"]
        exec("\n".join(lines), scope)  # the source holds nothing but the class's own slot names
        cls._of = classmethod(scope["_of"])  # type: ignore[assignment,arg-type]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot delete {name!r}")

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), self._values()))


def build(cls: type[R], *values: object) -> R:
    """A record of ``cls`` from its fields' values in ``__slots__`` order, unchecked: the package's own results
    are made this way, several times faster than by keyword."""
    return cls._of(*values)


def _rebuild(cls: type[Record], values: tuple[object, ...]) -> Record:
    record = object.__new__(cls)
    for name, value in zip(cls.__slots__, values, strict=True):
        object.__setattr__(record, name, value)
    return record
