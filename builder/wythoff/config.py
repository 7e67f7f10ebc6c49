"""Build parameters: defaults shipped with the package, overrides from ``--config FILE``.

Each key is declared once, as a field of :class:`Config` (its default, its type,
what it means); the checks, the defaults and the text of ``resources/defaults.toml``
(shipped for readers, and printed by ``wythoff defaults``) are derived from it.  A
configuration file (TOML, the same keys at top level or
under ``[tool.wythoff]``) overrides any of them, and a ``[families]`` table in
it replaces the default families entirely (to build only some).  Everything is
validated before any work starts, with one clear line per problem (and a build
too large for this machine's memory or disk is refused with an estimate:
:mod:`wythoff.pipeline.estimate`).
"""

from __future__ import annotations

import difflib
import json
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import Field, asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, TypeVar

from wythoff import families, layout
from wythoff.db import vocabulary
from wythoff.families.records import SequenceRecord

MAX_GRUNDY_SIZE = 16384
"""The longest rows of a Sprague–Grundy table the build computes (their bitsets take
N^2 / 2 bytes a rook residue: 128 MiB)."""

MAX_PERIOD_ROWS = 255
"""The largest ``grundy_period_rows``: the rows a build proves on a strip in bounded
memory within a small share of its time."""

PERIOD_FAMILY = "wythoff"
"""The family whose rows' preperiods and periods (Wythoff's game's) go to
``grundy_period_rows``."""

SCHEDULER = re.compile(r"(tcp|tls)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):[0-9]{1,5}")
"""A Dask scheduler's address: protocol, host (or [IPv6]) and port."""


class ConfigError(ValueError):
    """A configuration problem, reported as one line."""


T = TypeVar("T")


def setting(default: T, meaning: str, more: str = "", *, address: bool = False) -> T:
    """The declaration of a configuration key, as a field of :class:`Config`: its
    default (whose type is the key's: a text, a positive integer or a list of game
    IDs), what it means (said in its errors) and ``more`` to say in ``defaults.toml``
    (the rest of the comment: each line break a new comment line); ``address`` for an
    http(s) address ending in ``/`` or ``""``."""
    return field(default=default, metadata={"meaning": meaning, "more": more, "address": address})


@dataclass(frozen=True)
class Config:
    """The build's parameters, each key declared once here, in the order of
    ``defaults.toml`` (which :func:`defaults_toml` writes from these fields)."""

    database: str = setting(
        "", "the database", ':\n"" = OUTPUT/wythoff.sqlite; or a path, or any SQLAlchemy URL'
    )
    output: str = setting("data", "the database, CSV files, b-files and the archive")
    site: str = setting("build/site", "the static site")
    site_url: str = setting(
        "",
        'where the site is published, e.g. "https://example.org/wythoff/"',
        '\n("" = not yet: no absolute links to it anywhere)',
        address=True,
    )
    host: str = setting(
        "",
        "the static host",
        ", whose limits `wythoff site` checks:"
        '\n"github", "gitlab", "cloudflare", "netlify" ("" = none said)',
    )
    max_file_mib: int = setting(
        20, "largest part, in MiB, of the database and the downloads (published in parts)"
    )
    data_url: str = setting(
        "",
        "where the database's parts are published",
        ' when not with the\nsite (object storage with CORS and Range), e.g. "https://data.example.org/wythoff/"',
        address=True,
    )
    downloads_url: str = setting(
        "",
        "where the large downloads are published (release assets), if elsewhere",
        address=True,
    )
    issues_url: str = setting(
        "",
        "where readers report an error: an issue tracker's page for a new issue",
        ', e.g.\n"https://github.com/OWNER/REPO/issues/new"'
        ' (each entry page links it; "" = no link)',
    )
    terms: int = setting(10000, "terms per sequence", ", like an OEIS b-file")
    max_digits: int = setting(1000, "largest term of an exponential sequence, in decimal digits")
    ppositions_max: int = setting(
        1000, "largest stored P-position coordinate", " (both coordinates <= this)"
    )
    solver_board: int = setting(
        1000, "side of the solver's board", "\n(its verification, and games without a formula)"
    )
    strategy_board: int = setting(
        48, "side of the corner where strategies are checked at every position"
    )
    numeration_max: int = setting(
        10000, "largest N with stored numeration digits", "\n(p- and q-system, N = 1 .. this)"
    )
    deep: tuple[str, ...] = setting(
        (), 'games without a formula to take deeper, e.g. ["larsson-modulo-m2-p3-l2"]'
    )
    deep_terms: int = setting(1000000, "terms of the c and d sequences of the games listed in deep")
    grundy_size: int = setting(
        1024,
        "side of the table of Sprague–Grundy values whose rows' periods are stored",
        "\n(a table of each normal-play game)",
    )
    grundy_rows: int = setting(
        24,
        "largest row of a Sprague–Grundy table whose period is stored",
        "\n(preperiod, period, increment of its rows 0 .. this)",
    )
    grundy_deep: tuple[str, ...] = setting(
        ("wythoff", "fraenkel-a2", "fraenkel-a3"), "games whose table goes deeper"
    )
    grundy_deep_size: int = setting(
        8192,
        "side of the Sprague–Grundy table of the games listed in grundy_deep",
        "\n(those whose rows no proof on a strip covers; a row proven on a strip is"
        "\nas long as its proof needs)",
    )
    grundy_deep_rows: int = setting(
        63,
        "largest row of the games listed in grundy_deep stored with its period",
        " (proven on a strip)\nand its values up to its preperiod plus one period"
        " (Wythoff's periods: grundy_period_rows)",
    )
    grundy_period_rows: int = setting(
        127,
        "largest row of Wythoff's game whose preperiod and period are stored",
        " and sequence\nterms (each proven on a strip; values are stored for rows"
        " 0 .. grundy_deep_rows alone)",
    )
    grundy_positions_max: int = setting(
        255, "largest coordinate of the stored positions of each value 1 .. 15"
    )
    oeis_stripped: str = setting(
        "", "OEIS 'stripped' file", ' ("" = the excerpt shipped with the package)'
    )
    oeis_names: str = setting("", "OEIS 'names' file")
    oeis_dir: str = setting(
        "",
        "a checkout of OEIS's oeisdata (seq/A123/A123456.seq)",
        ': the entries\'\nPARI programs and b-files ("" = those shipped with the package)',
    )
    oeis_seconds: int = setting(60, "seconds an OEIS entry's PARI program may run")
    scheduler: str = setting(
        "",
        "where the games are computed",
        ':\n"" = this machine\'s cores; or a Dask scheduler, "tcp://host:8786"',
    )
    block_games: int = setting(
        256,
        "games computed, checked and loaded at a time",
        ", with their sequences:\nthe build's memory is that of one block, whatever its size",
    )
    families: dict[str, dict[str, tuple[int, int]]] = field(
        default_factory=dict,
        metadata={
            "meaning": "which families to build, with parameter ranges",
            "more": ".  Without this table\nevery registered family is built with the ranges "
            "its module declares (printed\nbelow by 'wythoff defaults'); with it, only the "
            "families it names.",
        },
    )

    def terms_of_game(self, game_id: str) -> int:
        """How many pairs ``(c_n, d_n)`` to store for a game without a formula."""
        return self.deep_terms if game_id in self.deep else self.terms

    def terms_of_sequence(self, record: SequenceRecord) -> int:
        """How many terms the build stores of the sequence ``record`` (:meth:`terms_of`)."""
        return self.terms_of(record.growth, record.game, record.family)

    def terms_of(self, growth: str, game_id: str | None = None, family: str = "") -> int:
        """How many terms the build stores of a sequence that grows as ``growth`` (at
        most that many for an exponential one: those below 10^max_digits), of the game
        ``game_id`` for a board's sequence, of the family ``family`` for a property of
        each proven row."""
        if growth == vocabulary.BOARD:
            return self.terms_of_game(game_id or "")
        if growth == vocabulary.TABLE:
            return min(self.terms, self.grundy_size)
        if growth == vocabulary.ROWS:
            rows = self.grundy_period_rows if family == PERIOD_FAMILY else self.grundy_deep_rows
            return rows + 1
        return self.terms

    def grundy_size_of(self, game_id: str) -> int:
        """The side of the Sprague–Grundy table whose rows' periods a game stores."""
        return self.grundy_deep_size if game_id in self.grundy_deep else self.grundy_size

    def grundy_rows_of(self, game_id: str) -> int:
        """The last row of a game's Sprague–Grundy table whose period is stored (and
        whose values, for a row proven on a strip)."""
        return self.grundy_deep_rows if game_id in self.grundy_deep else self.grundy_rows

    def grundy_period_rows_of(self, game_id: str, family: str) -> int:
        """The last row whose period is stored of a game of ``family`` whose rows are
        proven on a strip: Wythoff's game's go on past their values to
        ``grundy_period_rows``, as its rows' period sequences do (:meth:`terms_of`)."""
        if family == PERIOD_FAMILY and game_id in self.grundy_deep:
            return self.grundy_period_rows
        return self.grundy_rows_of(game_id)

    @property
    def database_url(self) -> str:
        """The SQLAlchemy URL of the database (a plain path means SQLite)."""
        if "://" in self.database:
            return self.database
        return f"sqlite:///{self.database_path}"

    @property
    def database_path(self) -> Path | None:
        """The SQLite file (``OUTPUT/wythoff.sqlite`` unless set), or ``None`` for a server."""
        if not self.database:
            return self.output_dir / layout.DATABASE
        if "://" in self.database:
            prefix = "sqlite:///"
            return Path(self.database[len(prefix) :]) if self.database.startswith(prefix) else None
        return _resolve(self.database)

    @property
    def output_dir(self) -> Path:
        return _resolve(self.output)

    @property
    def site_dir(self) -> Path:
        return _resolve(self.site)

    def as_json(self) -> str:
        """A canonical text of the configuration, stored with every build.  The scheduler
        and the size of the blocks are left out: where and how a build ran is not part
        of what it holds."""
        settings = asdict(self)
        del settings["scheduler"], settings["block_games"]
        return json.dumps(settings, sort_keys=True)


def _resolve(path: str) -> Path:
    """A path as the user wrote it, relative ones taken from the working directory."""
    return Path(path).absolute()


SETTINGS: tuple[Field[Any], ...] = fields(Config)
"""Every key, in the order of ``defaults.toml``."""
ALLOWED_KEYS = tuple(key.name for key in SETTINGS)
TOP_LEVEL = tuple(key for key in SETTINGS if key.name != "families")
"""The keys written ``key = value`` (the families are a table of their own)."""

HEADER = """\
# Default parameters of `wythoff build`, each with what it means.
# Override any of them with `wythoff build --config FILE`, a TOML file with the
# same keys at top level (or under [tool.wythoff]).  Relative paths are taken
# from the directory where the command runs.
"""


def load(path: str | Path | None = None, **overrides: object) -> Config:
    """The shipped defaults, overridden by the file at ``path``, then by ``overrides``
    (the command line's ``--output``, ``--db``, ``--site``; ``None`` values are ignored)."""
    settings = defaults()
    if path is not None:
        settings.update(_read_user_file(Path(path)))
    settings.update({key: value for key, value in overrides.items() if value is not None})
    return validate(settings)


def defaults() -> dict[str, Any]:
    """The default parameters, as a TOML file holds them: each key's declared default,
    and every registered family with the ranges its module declares."""
    settings = {key.name: _plain(key.default) for key in TOP_LEVEL}
    settings["families"] = {
        key: {name: list(bounds) for name, bounds in ranges.items()}
        for key, ranges in families.DEFAULT_RANGES.items()
    }
    return settings


def _plain(value: object) -> object:
    """A default as TOML reads it (a list for a tuple)."""
    return list(value) if isinstance(value, tuple) else value


def defaults_toml() -> str:
    """The text of ``resources/defaults.toml``: every key with its default and, in a
    comment, what it means (the families' table described at the end)."""
    lines = [HEADER.rstrip("\n")]
    for key in TOP_LEVEL:
        first, *rest = _comment(key)
        lines.append(f"{key.name + ' = ' + _toml(key.default):<33} # {first}")
        lines.extend(f"{'':<33} # {line}" for line in rest)
    first, *rest = _comment(Config.__dataclass_fields__["families"])
    lines += ["", f"# [families] -- {first}", *(f"# {line}" for line in rest)]
    return "\n".join(lines) + "\n"


def _comment(key: Field[Any]) -> list[str]:
    return str(key.metadata["meaning"] + key.metadata["more"]).split("\n")


def _toml(value: object) -> str:
    """A default in TOML: a text, an integer or a list of texts."""
    if isinstance(value, tuple):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else str(value)


def defaults_text() -> str:
    """The defaults as a TOML file to copy and edit, families included."""
    lines = [defaults_toml().rstrip(), "[families]"]
    for key, ranges in families.DEFAULT_RANGES.items():
        inner = ", ".join(f"{name} = [{low}, {high}]" for name, (low, high) in ranges.items())
        lines.append(f"{key} = {{ {inner} }}" if inner else f"{key} = {{}}")
    return "\n".join(lines) + "\n"


def _read_user_file(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise ConfigError(f"configuration file {path} does not exist") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None
    except OSError as error:
        raise ConfigError(f"cannot read {path}: {error.strerror}") from None
    settings: dict[str, Any] = data.get("tool", {}).get("wythoff", data)
    return settings


def validate(settings: Mapping[str, Any]) -> Config:
    """A :class:`Config` from raw settings, or a :class:`ConfigError` naming the problem."""
    for name in settings:
        if name not in ALLOWED_KEYS:
            raise ConfigError(f"unknown key {name!r}{_suggest(name, ALLOWED_KEYS)}")
    missing = [k for k in ALLOWED_KEYS if k not in settings]
    if missing:
        raise ConfigError(f"missing keys: {', '.join(missing)}")
    values: dict[str, Any] = {}
    for key in _of_type(str):
        if not isinstance(settings[key.name], str):
            raise ConfigError(f"{key.name} must be a string (got {settings[key.name]!r})")
        values[key.name] = settings[key.name]
    for key in (key for key in SETTINGS if key.metadata.get("address")):
        if values[key.name] and not re.fullmatch(r"https?://[^\s?#]+/", values[key.name]):
            raise ConfigError(
                f'{key.name} must be an address, http(s)://... ending in /, or "" for none '
                f"(got {values[key.name]!r})"
            )
    if values["issues_url"] and not re.fullmatch(r"https?://[^\s#]+", values["issues_url"]):
        raise ConfigError(
            'issues_url must be an address, http(s)://..., or "" for none '
            f"(got {values['issues_url']!r})"
        )
    if values["oeis_dir"] and not Path(values["oeis_dir"]).is_dir():
        raise ConfigError(
            f"oeis_dir must be a checkout of OEIS's oeisdata (a folder holding "
            f'seq/A000/A000001.seq ...), or "" (got {values["oeis_dir"]!r}: no such folder)'
        )
    if values["scheduler"] and not SCHEDULER.fullmatch(values["scheduler"]):
        raise ConfigError(
            'scheduler must be "" (this machine) or a Dask scheduler\'s address like '
            f"tcp://host:8786 or tls://host:8786 (got {values['scheduler']!r})"
        )
    for key in _of_type(int):
        value = settings[key.name]
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            meaning = key.metadata["meaning"]
            raise ConfigError(f"{key.name} ({meaning}) must be a positive integer (got {value!r})")
        values[key.name] = value
    values["families"] = _families(settings["families"])
    values["deep"] = _deep(settings["deep"])
    values["grundy_deep"] = _grundy_deep(settings["grundy_deep"])
    if values["grundy_positions_max"] >= MAX_GRUNDY_SIZE:
        raise ConfigError(
            f"grundy_positions_max must be below {MAX_GRUNDY_SIZE} "
            f"(got {values['grundy_positions_max']})"
        )
    for side in ("grundy_size", "grundy_deep_size"):
        if values[side] > MAX_GRUNDY_SIZE:
            raise ConfigError(f"{side} must be at most {MAX_GRUNDY_SIZE} (got {values[side]})")
    if not values["grundy_deep_rows"] <= values["grundy_period_rows"] <= MAX_PERIOD_ROWS:
        raise ConfigError(
            f"grundy_period_rows must be from grundy_deep_rows ({values['grundy_deep_rows']}) "
            f"to {MAX_PERIOD_ROWS} (got {values['grundy_period_rows']})"
        )
    for rows, side in (("grundy_rows", "grundy_size"), ("grundy_deep_rows", "grundy_deep_size")):
        if values[rows] >= values[side]:
            raise ConfigError(
                f"{rows} must be below {side}, the length of the rows "
                f"(got {values[rows]} and {values[side]})"
            )
    return Config(**values)


def _of_type(kind: type) -> tuple[Field[Any], ...]:
    """The keys whose default is a ``kind`` (a text, an integer)."""
    return tuple(key for key in TOP_LEVEL if type(key.default) is kind)


def _deep(games: object) -> tuple[str, ...]:
    """The games whose c and d sequences go to ``deep_terms``: games without a formula
    that have such sequences."""

    def refused(game_id: str, game: families.GameRecord) -> str | None:
        if game.solved:
            return (
                f"{game_id} has a formula (its sequences hold any number of terms); "
                "deep is for games without one, like larsson-modulo-m2-p3-l2"
            )
        if not game.sequences:
            return (
                f"{game_id} has no sequences to take deeper (its P-positions are "
                "stored up to ppositions_max; wythoff position answers beyond); deep is "
                "for the c and d sequences of games like larsson-modulo-m2-p3-l2"
            )
        return None

    return _games("deep", games, refused)


def _grundy_deep(games: object) -> tuple[str, ...]:
    """The games whose Sprague–Grundy table goes to ``grundy_deep_size``: games that
    have Sprague–Grundy values."""
    from wythoff.core.games import grundy

    def refused(game_id: str, game: families.GameRecord) -> str | None:
        reason = grundy.undefined_reason(game.rules)
        if reason is None:
            return None
        return f"no Sprague–Grundy values are computed for {game_id} ({reason})"

    return _games("grundy_deep", games, refused)


def _games(
    key: str, games: object, refused: Callable[[str, families.GameRecord], str | None]
) -> tuple[str, ...]:
    """The setting ``key``: a list of game IDs, each of a game that ``refused`` allows
    (it says why not, or None); sorted, each once."""
    if not isinstance(games, list) or not all(isinstance(g, str) for g in games):
        raise ConfigError(f"{key} must be a list of game IDs (got {games!r})")
    for game_id in games:
        try:
            game = families.resolve_game(game_id)
        except families.CatalogError as error:
            raise ConfigError(f"{key}: {error}") from None
        reason = refused(game_id, game)
        if reason is not None:
            raise ConfigError(f"{key}: {reason}")
    return tuple(sorted(set(games)))


def _families(table: object) -> dict[str, dict[str, tuple[int, int]]]:
    if not isinstance(table, Mapping) or not table:
        raise ConfigError("families must be a table naming at least one family")
    known = families.FAMILIES
    chosen = {}
    for name, params in table.items():
        if name not in known:
            raise ConfigError(f"unknown family {name!r}{_suggest(name, known)}")
        expected = known[name].family.parameters
        if not isinstance(params, Mapping):
            raise ConfigError(f"families.{name} must be a table like {_example(expected)}")
        for param in params:
            if param not in expected:
                takes = ", ".join(expected) if expected else "no parameters"
                raise ConfigError(f"families.{name} has no parameter {param!r}; it takes {takes}")
        ranges = {}
        for param in expected:
            if param not in params and param in known[name].optional_parameters:
                continue  # none of the sequences that parameter numbers is built
            if param not in params:
                raise ConfigError(
                    f"families.{name} needs a range for {param}, like {param} = [1, 8]"
                )
            ranges[param] = _range(f"families.{name}.{param}", params[param])
        chosen[name] = ranges
    return chosen


def _range(label: str, value: object) -> tuple[int, int]:
    ok = (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )
    if not ok or not isinstance(value, list):
        raise ConfigError(f"{label} must be a range [low, high] of two integers (got {value!r})")
    low, high = (int(v) for v in value)
    if low < 1:
        raise ConfigError(f"{label} must start at 1 or more (got {low})")
    if low > high:
        raise ConfigError(f"{label} is inverted: [{low}, {high}] (write [{high}, {low}])")
    return low, high


def _suggest(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    listed = ", ".join(choices)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"{hint} (allowed: {listed})"


def _example(params: tuple[str, ...]) -> str:
    return "{ " + ", ".join(f"{p} = [1, 8]" for p in params) + " }" if params else "{}"
